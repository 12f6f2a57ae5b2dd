// The entry of a PDF sandbox worker thread (lib/documents/pdf-sandbox.ts): TypeScript and the
// "@/" paths through tsx, as scripts/start.ts runs the service, then the worker's own module.
import { register } from "tsx/esm/api";
import { workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";

register();
// Not bundled: the worker's module is read from the checkout at run time.
await import(/* turbopackIgnore: true */ /* webpackIgnore: true */ pathToFileURL(workerData.entry).href);
