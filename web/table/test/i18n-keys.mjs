// The page's message table: English and German have the same keys and the
// same placeholders, no message is empty, and every key the page's modules
// pass to t() exists. Run by `npm run check` (tsc checks the keys too, by
// type; this also catches a placeholder missing in one language).
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DICTS } from "../i18n.js";

const here = join(dirname(fileURLToPath(import.meta.url)), "..");
const problems = [];
const { en, de } = DICTS;
const holes = (m) => [...new Set([...m.matchAll(/\{(\w+)\}/g)].map((x) => x[1]))].sort().join(",");
for (const k of Object.keys(en)) {
  if (!(k in de)) problems.push(`"${k}" has no German`);
  else if (holes(en[k]) !== holes(de[k])) problems.push(`"${k}": placeholders {${holes(en[k])}} in English, {${holes(de[k])}} in German`);
  if (!en[k]) problems.push(`"${k}" is empty in English`);
  if (k in de && !de[k]) problems.push(`"${k}" is empty in German`);
}
for (const k of Object.keys(de)) if (!(k in en)) problems.push(`"${k}" is German only`);
let used = 0;
for (const f of readdirSync(here).filter((f) => f.endsWith(".js"))) {
  const src = readFileSync(join(here, f), "utf8");
  for (const m of src.matchAll(/\bt\(\s*"([^"]+)"/g)) {
    used++;
    if (!(m[1] in en)) problems.push(`${f}: t("${m[1]}") is not in the table`);
  }
}
if (problems.length) {
  for (const p of problems) console.error(`i18n: ${p}`);
  process.exit(1);
}
if (process.argv.includes("-v")) console.log(`i18n: ${Object.keys(en).length} messages in en and de, ${used} uses`);
