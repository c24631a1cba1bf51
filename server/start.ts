import { createApp } from "./index";

const port = Number(process.env.PORT) || 3000;
const host = process.env.HOST || "0.0.0.0";

const app = await createApp();
const server = app.listen(port, host, () => {
  console.log(`PawPal is listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

// Finish the requests in flight before exiting, so no answered request is lost.
function shutdown(signal: string) {
  console.log(`${signal} received: closing the server`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
