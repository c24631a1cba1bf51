/**
 * How PawPal runs text recognition (tesseract.js) on a photographed vaccine card: the browser and
 * the benchmark (npm run bench:ocr, which measured these choices) use the same settings.
 */

/** English only: the cards PawPal reads are in English. */
export const CARD_OCR_LANGUAGE = "eng";

/** The LSTM engine alone (tesseract's OEM 1): the traineddata below holds no legacy model. */
export const CARD_OCR_ENGINE_MODE = 1;

/**
 * The folder of @tesseract.js-data/eng with the traineddata (eng.traineddata.gz): the integer
 * ("best_int") LSTM model, smaller to download than 4.0.0 and as exact on printed cards.
 */
export const CARD_OCR_TRAINEDDATA = "4.0.0_best_int";

/**
 * tesseract's parameters: page segmentation 6 (one uniform block of text) keeps a table's row on
 * one line, where automatic segmentation may read column by column.
 */
export const CARD_OCR_PARAMETERS = {
  tessedit_pageseg_mode: "6",
} as const;

/** Straighten a card photographed at an angle before reading it (tesseract's own estimate). */
export const CARD_OCR_ROTATE_AUTO = true;
