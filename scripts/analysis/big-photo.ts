/**
 * The 12 MP JPEG of scripts/bench-analysis.ts (a phone camera's size), made in Chromium from an
 * Oxford photo: the repository holds no photo that large.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";

/** An Oxford photo cropped and upscaled to 4000×3000 by Chromium, re-encoded as JPEG 0.92. */
export async function makeTwelveMegapixelJpeg(page: Page, source: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]));
    const canvas = new OffscreenCanvas(4000, 3000);
    const context = canvas.getContext("2d")!;
    const scale = Math.max(4000 / bitmap.width, 3000 / bitmap.height);
    context.drawImage(
      bitmap,
      (4000 - bitmap.width * scale) / 2,
      (3000 - bitmap.height * scale) / 2,
      bitmap.width * scale,
      bitmap.height * scale,
    );
    // Camera-like grain: an upscaled photo is so smooth its JPEG would be far smaller than a real one.
    const image = context.getImageData(0, 0, 4000, 3000);
    const pixels = image.data;
    for (let i = 0; i < pixels.length; i++)
      if (i % 4 !== 3) pixels[i] = pixels[i]! + (Math.random() - 0.5) * 16;
    context.putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 });
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(blob);
    });
  }, fs.readFileSync(source).toString("base64"));
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}
