/** Writes app/components/ui/icons/sprite.svg from ICON_NAMES: `npm run icons`. */
import fs from "node:fs";
import { buildIconSprite } from "../app/components/ui/icons/build-sprite";

fs.writeFileSync("app/components/ui/icons/sprite.svg", await buildIconSprite());
console.log("wrote app/components/ui/icons/sprite.svg");
