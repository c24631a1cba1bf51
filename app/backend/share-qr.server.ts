import { renderSVG } from "uqr";

/**
 * A share link's QR code as an image address (an SVG as a data: URL, which the CSP's img-src
 * allows): drawn here by uqr, so nothing is fetched and the page carries no QR code of its own.
 */
export function qrCodeImage(link: string): string {
  const svg = renderSVG(link, { border: 2, pixelSize: 1, ecc: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
