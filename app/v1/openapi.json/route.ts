import { defineRoute } from "@/lib/http/define-route";
import { getOpenApiDocumentOperation } from "@/lib/openapi/operations-more";
import { serveMethods } from "@/lib/http/fallback-routes";
import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";

// The OpenAPI 3.1 description of /v1, generated from the schemas the routes validate with.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  GET: defineRoute(getOpenApiDocumentOperation, async () => ({
    raw: new Response(JSON.stringify(buildOpenApiDocument({ baseUrl: env().PUBLIC_BASE_URL })), {
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300", "access-control-allow-origin": "*" },
    }),
  })),
});
