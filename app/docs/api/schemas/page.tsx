import type { Metadata } from "next";
import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { fieldRows } from "@/lib/openapi/describe-json-schema";
import { referenceOperations, sharedSchemas } from "@/lib/openapi/reference-operations";
import { Fields, Prose, ReferenceTrail } from "@/components/docs/reference-parts";

// The named schemas the operations' field tables link to (/docs/api/schemas#schema-Order).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Schemas: API reference" };

export default function SchemasPage() {
  const doc = buildOpenApiDocument({ baseUrl: env().PUBLIC_BASE_URL });
  return (
    <article className="text-sm leading-6">
      <ReferenceTrail />
      <h1 className="text-2xl font-semibold tracking-tight">Schemas</h1>
      {sharedSchemas(doc, referenceOperations(doc)).map((name) => (
        <section key={name} id={`schema-${name}`} className="mt-6 scroll-mt-4" aria-labelledby={`schema-${name}-name`}>
          <h2 id={`schema-${name}-name`} className="font-mono font-semibold">{name}</h2>
          {doc.components.schemas[name]?.description ? <Prose text={String(doc.components.schemas[name].description)} /> : null}
          <Fields rows={fieldRows(doc, { $ref: `#/components/schemas/${name}` })} />
        </section>
      ))}
    </article>
  );
}
