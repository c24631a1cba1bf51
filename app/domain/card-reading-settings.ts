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
 * tesseract's parameters, chosen with the benchmark:
 * - page segmentation 4 (one column of lines of any size) keeps a table's row on one line and
 *   reads ruled tables, where 6 (one uniform block) lost them and 3 (automatic) split them;
 * - Sauvola thresholding (method 2) with a low k: each part of the photo is made black and white
 *   by its own light, where the one global threshold (Otsu) lost blurred ink in the shade and next
 *   to a dark table top;
 * - wide gaps kept as several spaces: they tell a table's cells (and stickers side by side) apart.
 */
export const CARD_OCR_PARAMETERS = {
  tessedit_pageseg_mode: "4",
  thresholding_method: "2",
  thresholding_kfactor: "0.2",
  preserve_interword_spaces: "1",
} as const;

/** Straighten a card photographed at an angle before reading it (tesseract's own estimate). */
export const CARD_OCR_ROTATE_AUTO = true;
