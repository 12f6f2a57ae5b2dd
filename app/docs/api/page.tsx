import type { Metadata } from "next";
import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { operationIdOf, referenceOperations, referenceTags, tagOf } from "@/lib/openapi/reference-operations";
import { ERRORS_PATH, Prose, SCHEMAS_PATH } from "@/components/docs/reference-parts";
import { METHOD_STYLE } from "@/components/docs/operation-reference";

// The human API reference's front page, rendered on the server from the generated OpenAPI
// document (the same one /v1/openapi.json serves): the overview and every operation, each on a
// page of its own (/docs/api/{operationId}), with the schemas and error codes on theirs. One page
// for everything was 790 KB of HTML; a reader wants one operation at a time.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "API reference: Mail a letter",
  description: "Every /v1 operation with its fields, constraints, examples and error codes.",
};

export default function ApiReferencePage() {
  const doc = buildOpenApiDocument({ baseUrl: env().PUBLIC_BASE_URL });
  const ops = referenceOperations(doc);
  return (
    <article className="text-sm leading-6">
      <h1 className="text-2xl font-semibold tracking-tight">API reference</h1>
      <p className="mt-1 text-stone-600">
        {doc.info.title} {doc.info.version} · base URL <code className="font-mono">{doc.servers[0]?.url}</code> ·{" "}
        <a className="underline" href="/v1/openapi.json">openapi.json</a> · <a className="underline" href="/llms.txt">llms.txt</a>
      </p>
      <div className="mt-4">
        <Prose text={doc.info.description} />
      </div>

      <nav className="mt-6 rounded-lg border border-stone-200 bg-white p-4" aria-label="Operations">
        <h2 className="text-lg font-semibold">Operations</h2>
        {referenceTags(doc, ops).map((t) => (
          <section key={t.name} className="mt-3" aria-labelledby={`tag-${t.name}`}>
            <h3 id={`tag-${t.name}`} className="font-semibold">{t.name}</h3>
            <p className="text-stone-600">{t.description}</p>
            <ul className="mt-1 ml-1 flex flex-col gap-1">
              {ops.filter((o) => tagOf(o) === t.name).map((o) => (
                // The id keeps links to the old single page (/docs/api#quoteLetter) landing on the operation's entry.
                <li key={operationIdOf(o)} id={operationIdOf(o)} className="scroll-mt-4">
                  <a href={`/docs/api/${operationIdOf(o)}`} className="hover:underline">
                    <span className={`rounded px-1.5 py-0.5 font-mono text-xs font-bold ${METHOD_STYLE[o.method] ?? ""}`}>{o.method.toUpperCase()}</span> <span className="font-mono">{o.path}</span>: {String(o.op.summary)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <p className="mt-4 font-semibold">
          <a href={SCHEMAS_PATH} className="underline">Schemas</a> · <a href={ERRORS_PATH} className="underline">Error codes</a>
        </p>
      </nav>
    </article>
  );
}
