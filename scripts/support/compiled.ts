import path from "node:path";
import { fileURLToPath } from "node:url";

// Whether this process runs what `npm run build` compiled (dist/*.js, scripts/support/bundle-scripts.ts)
// or our TypeScript through tsx (the tests, the bench, `node --import tsx scripts/start.ts`).
// Bundled, this module's URL is its bundle's.
const here = fileURLToPath(import.meta.url);

export const compiled = here.endsWith(".js");

/** The bundle `name` beside this process's own (dist/<name>.js); meaningful only when compiled. */
export const bundlePath = (name: string) => path.join(path.dirname(here), `${name}.js`);

/**
 * A compiled process reads senders' PDFs with the sandbox's bundle too (lib/documents/pdf-sandbox.ts),
 * rather than through tsx: Next's copy of that module reads this variable when it starts a thread.
 */
export function pointPdfSandboxAtBundle(): void {
  if (compiled) process.env.PDF_SANDBOX_BUNDLE = bundlePath("pdf-sandbox-worker");
}
