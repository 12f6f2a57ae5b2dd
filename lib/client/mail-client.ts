import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "@/lib/client/openapi-types";

// The typed TypeScript client of the /v1 API: openapi-fetch over the types openapi-typescript
// generates from the service's own OpenAPI document (lib/client/openapi-types.ts; regenerate with
// `npm run client:generate`). Every path, parameter, body and answer is typed, so a change to an
// operation that a caller has not followed fails to compile. The site's own pages use it too.
//
//   const mail = createMailClient({ baseUrl: "https://mail.example", apiKey: process.env.MAIL_API_KEY });
//   const { data, error } = await mail.POST("/v1/quotes", { body: letter });

export type MailApi = Client<paths>;
export type MailSchemas = components["schemas"];

export type MailClientOptions = {
  /** The service's public URL; "" in a page the service serves (same origin). */
  baseUrl: string;
  /** An API key (ak_live_… or ak_test_…); optional: quotes and orders work without one. */
  apiKey?: string;
  /** Another fetch (a test's, or one with a proxy); the global one by default. */
  fetch?: typeof globalThis.fetch;
};

export function createMailClient({ baseUrl, apiKey, fetch }: MailClientOptions): MailApi {
  return createClient<paths>({ baseUrl, headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {}, ...(fetch ? { fetch } : {}) });
}
