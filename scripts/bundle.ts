// `npm run build`'s first step: our processes and CLIs compiled into dist/ (scripts/support/bundle-scripts.ts),
// which `npm start`, `npm run worker` and the CLIs run. `next build` follows it.
import { bundleScripts } from "@/scripts/support/bundle-scripts";

const report = await bundleScripts(process.cwd());
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const sizes = Object.entries(report.bytes).map(([name, bytes]) => `${name} ${kb(bytes)}`);
console.log(`Bundled into ${report.outdir} in ${report.milliseconds} ms: ${sizes.join(", ")}.`);
