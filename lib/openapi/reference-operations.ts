import type { JsonObject, OpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { fieldRows } from "@/lib/openapi/describe-json-schema";

// The API reference's table of contents, read from the OpenAPI document: its operations in the
// document's order, grouped by tag, and the named schemas their fields link to.

export type ReferenceOperation = { method: string; path: string; op: JsonObject };

export function referenceOperations(doc: OpenApiDocument): ReferenceOperation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method, path, op })));
}

export const operationIdOf = (o: ReferenceOperation) => String(o.op.operationId);

export function tagOf(o: ReferenceOperation): string {
  return ((o.op.tags as string[] | undefined) ?? ["Other"])[0];
}

/** The document's tags that have operations, in the document's order. */
export function referenceTags(doc: OpenApiDocument, ops: ReferenceOperation[]): { name: string; description: string }[] {
  return (doc.tags as { name: string; description: string }[]).filter((t) => ops.some((o) => tagOf(o) === t.name));
}

/** The named schemas field tables link to, and the ones those link to, in first-seen order. */
export function sharedSchemas(doc: OpenApiDocument, ops: ReferenceOperation[]): string[] {
  const seen: string[] = ["ErrorEnvelope"];
  const visit = (schema: JsonObject | undefined) => {
    for (const row of fieldRows(doc, schema)) {
      if (row.ref && !seen.includes(row.ref)) {
        seen.push(row.ref);
        visit({ $ref: `#/components/schemas/${row.ref}` });
      }
    }
  };
  for (const { op } of ops) {
    const media = Object.values(((op.requestBody as JsonObject | undefined)?.content ?? {}) as Record<string, { schema?: JsonObject }>);
    media.forEach((m) => visit(m.schema));
    for (const r of Object.values(op.responses as Record<string, JsonObject>)) {
      if (r["x-error-codes"]) continue;
      Object.values((r.content ?? {}) as Record<string, { schema?: JsonObject }>).forEach((m) => visit(m.schema));
    }
  }
  return seen;
}
