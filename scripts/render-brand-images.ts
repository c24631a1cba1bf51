/**
 * Renders the social-sharing card (public/og-image.jpg) and the app icon
 * (public/icon-512.png) from HTML with Debian's Chromium. Run after changing the brand:
 *   npx tsx scripts/render-brand-images.ts
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";

const favicon = fs.readFileSync("public/favicon.svg", "utf8");
const illustration = fs.readFileSync("public/illustrations/pet-duo.svg", "utf8");

const ogCard = `<!doctype html><html><body style="margin:0;width:1200px;height:630px;display:flex;align-items:center;
  gap:48px;padding:0 72px;box-sizing:border-box;background:linear-gradient(135deg,#effcf9,#c9f5ec);
  font-family:system-ui,sans-serif;color:#1a1e20">
  <div style="flex:1">
    <div style="display:flex;align-items:center;gap:16px;font-size:44px;font-weight:800">
      <div style="width:72px;height:72px">${favicon}</div>PawPal</div>
    <h1 style="font-size:60px;line-height:1.1;margin:32px 0 16px">Ready to Transform Your Pet Care?</h1>
    <p style="font-size:28px;color:#3f474b;margin:0">Breed detection, health advice and a care plan from one photo.</p>
  </div>
  <div style="width:420px">${illustration}</div></body></html>`;

const icon = `<!doctype html><html><body style="margin:0;width:512px;height:512px">${favicon.replace("<svg ", '<svg width="512" height="512" ')}</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
for (const [html, width, height, out] of [
  [ogCard, 1200, 630, "public/og-image.jpg"],
  [icon, 512, 512, "public/icon-512.png"],
] as const) {
  await page.setViewportSize({ width, height });
  await page.setContent(html);
  await page.screenshot({
    path: out,
    ...(out.endsWith(".jpg") ? { quality: 85 } : { omitBackground: true }),
  });
  console.log(`wrote ${out}`);
}
await browser.close();
