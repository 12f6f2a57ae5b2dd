// The entry of a PDF sandbox worker thread (lib/documents/pdf-sandbox.ts) when the service runs
// from TypeScript (the tests, `node --import tsx scripts/start.ts`): TypeScript and the "@/"
// paths through tsx, then the worker's own module. Compiled, a thread runs its bundle instead.
import { register } from "tsx/esm/api";
import { workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";

register();
// Not bundled: the worker's module is read from the checkout at run time.
await import(/* turbopackIgnore: true */ /* webpackIgnore: true */ pathToFileURL(workerData.entry).href);
