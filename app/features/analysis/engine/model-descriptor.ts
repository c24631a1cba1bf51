import { z } from "~/utils/zod";

/**
 * What the app needs to know to run an ImageNet classifier it did not ship with. The server
 * answers it at `${BREED_MODEL_URL}descriptor.json` (default `/models/breed/descriptor.json`);
 * every URL in it is relative to that descriptor.
 */
export const modelDescriptorSchema = z
  .object({
    /** A TensorFlow.js model: "layers" (Keras) or "graph" (SavedModel/TF Hub). */
    format: z.enum(["layers", "graph"]),
    /** The model's model.json. */
    modelUrl: z.string().min(1),
    /** Square input in pixels (224 for MobileNet and Darknet). */
    inputSize: z.number().int().min(32).max(1024),
    /** Pixel values 0..255 are mapped linearly onto [min, max]: [0, 1] or [-1, 1]. */
    inputRange: z.tuple([z.number(), z.number()]),
    /** Whether the last layer gives raw logits (softmax is applied) or probabilities. */
    output: z.enum(["logits", "probabilities"]),
    /**
     * Class names in output order. Names match ImageNet's ("golden retriever", "tabby");
     * an output that is not an ImageNet class (TF Hub's leading "background") is named "background".
     */
    classes: z.array(z.string().min(1)).min(2),
  })
  .strict();

export type ModelDescriptor = z.infer<typeof modelDescriptorSchema>;

export const DESCRIPTOR_FILE = "descriptor.json";
