import { ICON_NAMES } from "./icon-names";

type IconNode = [tag: string, attributes: Record<string, string | number>][];

/** The SVG sprite of every icon in ICON_NAMES, built from lucide's own icon data. */
export async function buildIconSprite(): Promise<string> {
  const symbols: string[] = [];
  for (const name of ICON_NAMES) {
    const icon = (await import(`lucide-react/icons/${name}`)) as { __iconData: { node: IconNode } };
    const children = icon.__iconData.node
      .map(([tag, attributes]) => {
        const attrs = Object.entries(attributes)
          .filter(([key]) => key !== "key")
          .map(([key, value]) => `${key}="${value}"`)
          .join(" ");
        return `<${tag} ${attrs}/>`;
      })
      .join("");
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${children}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}
