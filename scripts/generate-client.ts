import { writeFileSync } from "node:fs";
import { CLIENT_TYPES_FILE, renderClientTypes } from "@/scripts/support/render-client-types";

// npm run client:generate: writes the typed client's types from the OpenAPI document.
async function main() {
  const types = await renderClientTypes();
  writeFileSync(CLIENT_TYPES_FILE, types);
  console.log(`Wrote ${CLIENT_TYPES_FILE} (${types.length.toLocaleString("en-US")} characters).`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
