// What `npm run build` compiles besides Next.js: our own processes (the launcher, the web server,
// the worker), the operators' CLIs and the PDF sandbox's thread, each one ES module for Node 20
// with its source map, so that production runs JavaScript and never compiles TypeScript at run
// time. The "@/" paths are resolved into the bundle; every package stays in node_modules and is
// loaded from there as before (native bindings, Prisma's runtime, pdf.js and their files).
import { statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

/** Each bundle's name (dist/<name>.js) and the module it starts from. */
export const BUNDLES = {
  start: "scripts/start.ts",
  web: "scripts/web.ts",
  worker: "scripts/worker.ts",
  migrate: "scripts/migrate.ts",
  keys: "scripts/keys.ts",
  credits: "scripts/credits.ts",
  orders: "scripts/orders.ts",
  screening: "scripts/screening.ts",
  webhooks: "scripts/webhooks.ts",
  "pdf-sandbox-worker": "lib/documents/pdf-sandbox-worker.ts",
} as const;

/** Written last: the build is complete when it exists, and older than any input it lists when stale (scripts/check-build.mjs). */
export const BUILD_RECORD = "build.json";

export type BuildRecord = { bundles: Record<string, string>; inputs: string[] };
export type BundleReport = { outdir: string; milliseconds: number; bytes: Record<string, number>; externals: string[] };

/**
 * Bundles every entry of BUNDLES into `outdir`. The bundles load their packages from the
 * node_modules above them, so `outdir` must be inside the checkout (dist/ for `npm run build`).
 */
export async function bundleScripts(root: string, outdir = path.join(root, "dist")): Promise<BundleReport> {
  const started = performance.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.entries(BUNDLES).map(([out, entry]) => ({ in: entry, out })),
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    sourcemap: "linked",
    metafile: true,
    logLevel: "error",
  });
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".js"));
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith("node_modules/")).sort();
  const record: BuildRecord = { bundles: { ...BUNDLES }, inputs };
  writeFileSync(path.join(outdir, BUILD_RECORD), `${JSON.stringify(record, null, 2)}\n`);
  return {
    outdir,
    milliseconds: Math.round(performance.now() - started),
    bytes: Object.fromEntries(outputs.map(([file]) => [path.basename(file, ".js"), statSync(path.join(root, file)).size])),
    externals: [...new Set(outputs.flatMap(([, out]) => out.imports.filter((i) => i.external).map((i) => i.path)))].sort(),
  };
}
