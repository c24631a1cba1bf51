import { z } from "~/utils/zod";

/**
 * What the app needs to know to run the breed model PawPal ships (public/models/breed/,
 * written by scripts/models/convert-mobilenet.ts and scripts/train-breeds.ts). The page reads it
 * at `${BREED_MODEL_PATH}descriptor.json` (~/domain/analysis.ts); every URL in it is relative to that descriptor.
 */
export const modelDescriptorSchema = z
  .object({
    /** The TensorFlow.js graph model's model.json: outputs "features" and "logits" (CLASSIFIER_OUTPUTS). */
    modelUrl: z.string().min(1),
    /** Square input in pixels. */
    inputSize: z.number().int().min(32).max(1024),
    /** Pixel values 0..255 are mapped linearly onto [min, max]. */
    inputRange: z.tuple([z.number(), z.number()]),
    /**
     * ImageNet class names in logit order ("golden retriever", "tabby"); the leading
     * "background" output is no ImageNet class.
     */
    classes: z.array(z.string().min(1)).min(2),
    /** PawPal's pet head (pet-head.ts): its JSON file. */
    headUrl: z.string().min(1),
  })
  .strict();

export type ModelDescriptor = z.infer<typeof modelDescriptorSchema>;

export const DESCRIPTOR_FILE = "descriptor.json";
