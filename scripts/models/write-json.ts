import fs from "node:fs";
import * as prettier from "prettier";

/** Writes JSON as `npm run format` would leave it, so regenerating a model changes no byte by itself. */
export async function writeJson(file: string, value: unknown) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(JSON.stringify(value), { ...options, filepath: file }));
}
