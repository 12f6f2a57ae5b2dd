import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * The hash scripts/screening/train.py and known_words.py record in their artifacts: each training
 * file's name and bytes, then the script's own source. An artifact whose hash differs is stale.
 */
export function trainingCorpusHash(script: string): string {
  const dir = path.join("tests", "fixtures", "screening", "train");
  const files = [...readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => path.join(dir, f)), path.join("scripts", "screening", script)];
  const h = createHash("sha256");
  for (const f of files) h.update(Buffer.concat([Buffer.from(`${path.basename(f)}\0`), readFileSync(f), Buffer.from("\0")]));
  return h.digest("hex");
}
