import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { operationIdOf, referenceOperations } from "@/lib/openapi/reference-operations";
import { OperationReference } from "@/components/docs/operation-reference";
import { ReferenceTrail } from "@/components/docs/reference-parts";

// One operation of the API reference, from the OpenAPI document: /docs/api/quoteLetter.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ operationId: string }> };

function find(operationId: string) {
  const doc = buildOpenApiDocument({ baseUrl: env().PUBLIC_BASE_URL });
  const op = referenceOperations(doc).find((o) => operationIdOf(o) === operationId);
  return op ? { doc, op } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = find((await params).operationId);
  return { title: found ? `${found.op.method.toUpperCase()} ${found.op.path}: API reference` : "Not found: API reference" };
}

export default async function OperationPage({ params }: Props) {
  const found = find((await params).operationId);
  if (!found) notFound();
  return (
    <article className="text-sm leading-6">
      <ReferenceTrail />
      <OperationReference doc={found.doc} {...found.op} />
    </article>
  );
}
