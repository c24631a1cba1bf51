import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { precompressedStatic } from "./precompressed";
import { prerenderedPageHandler } from "./prerendered";

// This file is bundled to <build dir>/start.js, beside client/ and server/.
const BUILD_DIR = path.dirname(fileURLToPath(import.meta.url));
const CLIENT_DIR = path.join(BUILD_DIR, "client");

/** The whole site as one Express app: static assets, prerendered pages, then server rendering. */
export async function createApp() {
  const build = (await import(path.join(BUILD_DIR, "server", "index.js"))) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  app.use(compression());

  // Fingerprinted build output never changes under the same name.
  const assetsDir = path.join(CLIENT_DIR, "assets");
  app.use("/assets", precompressedStatic(assetsDir, "public, max-age=31536000, immutable"));
  app.use(
    "/assets",
    express.static(assetsDir, { immutable: true, maxAge: "1y", etag: false, lastModified: false }),
  );
  app.use(prerenderedPageHandler(CLIENT_DIR));
  app.use(express.static(CLIENT_DIR, { index: false, redirect: false, maxAge: "1h" }));
  app.all("/{*splat}", createRequestHandler({ build, mode: process.env.NODE_ENV }));
  return app;
}
