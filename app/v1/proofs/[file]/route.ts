import { defineRoute } from "@/lib/http/define-route";
import { getProofOperation } from "@/lib/openapi/operations-letters";
import { serveMethods } from "@/lib/http/fallback-routes";
import { readProofFile } from "@/lib/documents/proofs";

// GET /v1/proofs/pf_<id>.pdf (the exact PDF that prints) and .png (page 1, or ?page=N). The id is the
// capability; the files never change, so browsers may keep them, but shared caches may not.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  GET: defineRoute(getProofOperation, async ({ params, query }) => {
    const { id, ext, bytes } = await readProofFile(params.file, query.page);
    const headers = { "content-type": ext === "pdf" ? "application/pdf" : "image/png", "content-disposition": `inline; filename="proof-${id}.${ext}"` };
    return { raw: new Response(new Uint8Array(bytes), { headers: { ...headers, "cache-control": "private, max-age=86400, immutable", "x-robots-tag": "noindex", "x-content-type-options": "nosniff" } }) };
  }),
});
