import type { Metadata } from "next";
import { env } from "@/lib/env";
import { buildOpenApiDocument, type JsonObject, type OpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { fieldRows, parameterRow, resolve, type FieldRow } from "@/lib/openapi/describe-json-schema";

// The human API reference, rendered on the server from the generated OpenAPI document (the
// same one /v1/openapi.json serves). No JavaScript needed: details/summary fold the long parts.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "API reference: Mail a letter",
  description: "Every /v1 operation with its fields, constraints, examples and error codes.",
};

type Op = { method: string; path: string; op: JsonObject };

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-emerald-100 text-emerald-900",
  put: "bg-amber-100 text-amber-900",
  patch: "bg-amber-100 text-amber-900",
  delete: "bg-red-100 text-red-900",
};

export default function ApiReferencePage() {
  const doc = buildOpenApiDocument({ baseUrl: env().PUBLIC_BASE_URL });
  const ops: Op[] = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method, path, op })));
  const tags = (doc.tags as { name: string; description: string }[]).filter((t) => ops.some((o) => tagOf(o) === t.name));
  const catalogue = Object.entries(doc["x-error-catalogue"]);
  const shared = sharedSchemas(doc, ops);

  return (
    <article className="text-sm leading-6">
      <h1 className="text-2xl font-semibold tracking-tight">API reference</h1>
      <p className="mt-1 text-stone-500">
        {doc.info.title} {doc.info.version} · base URL <code className="font-mono">{doc.servers[0]?.url}</code> ·{" "}
        <a className="underline" href="/v1/openapi.json">openapi.json</a> · <a className="underline" href="/llms.txt">llms.txt</a>
      </p>
      <div className="mt-4">
        <Prose text={doc.info.description} />
      </div>

      <nav className="mt-6 rounded-lg border border-stone-200 bg-white p-4" aria-label="Operations">
        {tags.map((t) => (
          <div key={t.name} className="mb-2">
            <p className="font-semibold">{t.name}</p>
            <ul className="ml-4">
              {ops.filter((o) => tagOf(o) === t.name).map((o) => (
                <li key={`${o.method} ${o.path}`}>
                  <a href={`#${String(o.op.operationId)}`} className="hover:underline">
                    <span className="font-mono text-xs uppercase">{o.method}</span> <span className="font-mono">{o.path}</span>: {String(o.op.summary)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <p className="font-semibold">
          <a href="#schemas" className="hover:underline">Schemas</a> · <a href="#errors" className="hover:underline">Error codes</a>
        </p>
      </nav>

      {tags.map((t) => (
        <section key={t.name} className="mt-10">
          <h2 className="border-b border-stone-300 pb-1 text-xl font-semibold">{t.name}</h2>
          <p className="mt-1 text-stone-500">{t.description}</p>
          {ops.filter((o) => tagOf(o) === t.name).map((o) => (
            <Operation key={`${o.method} ${o.path}`} doc={doc} {...o} />
          ))}
        </section>
      ))}

      <section id="schemas" className="mt-10">
        <h2 className="border-b border-stone-300 pb-1 text-xl font-semibold">Schemas</h2>
        {shared.map((name) => (
          <div key={name} id={`schema-${name}`} className="mt-4">
            <h3 className="font-mono font-semibold">{name}</h3>
            {doc.components.schemas[name]?.description ? <Prose text={String(doc.components.schemas[name].description)} /> : null}
            <Fields rows={fieldRows(doc, { $ref: `#/components/schemas/${name}` })} />
          </div>
        ))}
      </section>

      <section id="errors" className="mt-10">
        <h2 className="border-b border-stone-300 pb-1 text-xl font-semibold">Error codes</h2>
        <p className="mt-2">
          Every failure is <code>{"{status, code, reason, next}"}</code>. Switch on <code>code</code>, follow <code>next</code>; retry only what is retryable, with the same{" "}
          <code>Idempotency-Key</code> and after <code>Retry-After</code>.
        </p>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full border-collapse text-left text-xs">
            <thead>
              <tr className="border-b border-stone-300">
                <th className="py-1 pr-2">HTTP</th>
                <th className="py-1 pr-2">code</th>
                <th className="py-1 pr-2">status</th>
                <th className="py-1 pr-2">retry?</th>
                <th className="py-1">meaning and what to do</th>
              </tr>
            </thead>
            <tbody>
              {catalogue.map(([code, e]) => (
                <tr key={code} id={`error-${code}`} className="border-b border-stone-200 align-top">
                  <td className="py-1 pr-2">{e.http}</td>
                  <td className="py-1 pr-2 font-mono">{code}</td>
                  <td className="py-1 pr-2">{e.status}</td>
                  <td className="py-1 pr-2">{e.retryable ? "yes" : "no"}</td>
                  <td className="py-1">
                    {e.summary} <span className="text-stone-500">{e.next.join(" ")}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </article>
  );
}

function Operation({ doc, method, path, op }: Op & { doc: OpenApiDocument }) {
  const params = ((op.parameters ?? []) as JsonObject[]).map(parameterRow);
  const body = op.requestBody as { required?: boolean; description?: string; content: Record<string, { schema?: JsonObject; examples?: Record<string, { summary: string; value: unknown }> }> } | undefined;
  const [bodyType, bodyMedia] = body ? Object.entries(body.content)[0] : [];
  const responses = Object.entries(op.responses as Record<string, JsonObject>);
  return (
    <div id={String(op.operationId)} className="mt-8 scroll-mt-4 rounded-lg border border-stone-200 bg-white p-4">
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-base">
        <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${METHOD_STYLE[method] ?? ""}`}>{method}</span>
        <span className="font-semibold">{path}</span>
      </h3>
      <p className="mt-1 font-semibold">{String(op.summary)}</p>
      <div className="mt-2">
        <Prose text={String(op.description)} />
      </div>

      {params.length ? (
        <>
          <h4 className="mt-4 font-semibold">Parameters</h4>
          <Fields rows={params.map((p) => ({ ...p, name: `${p.name} (${p.in})` }))} />
        </>
      ) : null}

      {body && bodyType ? (
        <>
          <h4 className="mt-4 font-semibold">
            Body <span className="font-normal text-stone-500">({bodyType}{body.required ? "" : ", optional"})</span>
          </h4>
          {body.description ? <Prose text={body.description} /> : null}
          {bodyMedia?.schema && resolve(doc, bodyMedia.schema).description ? <Prose text={String(resolve(doc, bodyMedia.schema).description)} /> : null}
          {bodyMedia?.schema ? <Fields rows={fieldRows(doc, bodyMedia.schema)} /> : null}
          {Object.entries(bodyMedia?.examples ?? {}).map(([name, example]) => (
            <Example key={name} title={`Example request: ${example.summary}`} value={example.value} />
          ))}
        </>
      ) : null}

      <h4 className="mt-4 font-semibold">Responses</h4>
      <ul className="mt-1 space-y-2">
        {responses.map(([http, r]) => {
          const codes = r["x-error-codes"] as string[] | undefined;
          const media = Object.values((r.content ?? {}) as Record<string, { schema?: JsonObject; examples?: Record<string, { summary: string; value: unknown }> }>)[0];
          return (
            <li key={http}>
              <span className="font-mono font-semibold">{http}</span>{" "}
              {codes ? (
                <>
                  {codes.map((c, i) => (
                    <span key={c}>
                      {i ? ", " : ""}
                      <a href={`#error-${c}`} className="font-mono underline decoration-stone-300">{c}</a>
                    </span>
                  ))}
                </>
              ) : (
                <>
                  <span>{String(r.description)}</span>
                  {media?.schema ? (
                    <details className="mt-1">
                      <summary className="cursor-pointer text-stone-500">Response fields</summary>
                      <Fields rows={fieldRows(doc, media.schema)} />
                    </details>
                  ) : null}
                  {Object.entries(media?.examples ?? {}).map(([name, example]) => (
                    <Example key={name} title={`Example response: ${example.summary}`} value={example.value} />
                  ))}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Fields({ rows }: { rows: FieldRow[] }) {
  if (!rows.length) return null;
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full border-collapse text-left text-xs">
        <thead>
          <tr className="border-b border-stone-300">
            <th className="py-1 pr-2">field</th>
            <th className="py-1 pr-2">type</th>
            <th className="py-1">constraints and meaning</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((f) => (
            <tr key={f.name} className="border-b border-stone-100 align-top">
              <td className="py-1 pr-2 font-mono">
                {f.name}
                {f.required ? <span className="text-red-700" title="required"> *</span> : null}
              </td>
              <td className="py-1 pr-2 font-mono">{f.ref ? <a href={`#schema-${f.ref}`} className="underline">{f.type}</a> : f.type}</td>
              <td className="py-1">
                {f.constraints.length ? <span className="font-mono text-stone-600">{f.constraints.join("; ")}</span> : null}
                {f.constraints.length && f.description ? <br /> : null}
                {f.description}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Example({ title, value }: { title: string; value: unknown }) {
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-stone-600">{title}</summary>
      <pre className="mt-1 max-h-96 overflow-auto rounded bg-stone-900 p-3 text-xs text-stone-100">{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/** The little Markdown the descriptions use: paragraphs, "- " lists, `code` and **bold**. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\n+/).map((block, i) => {
        const lines = block.split("\n");
        const items = lines.filter((l) => l.startsWith("- "));
        const lead = lines.filter((l) => !l.startsWith("- ")).join(" ");
        return (
          <div key={i} className="mt-2">
            {lead ? <p>{inline(lead)}</p> : null}
            {items.length ? (
              <ul className="ml-5 list-disc">
                {items.map((l, j) => (
                  <li key={j}>{inline(l.slice(2))}</li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
    </>
  );
}

function inline(text: string) {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, i) =>
    part.startsWith("`") && part.endsWith("`") && part.length > 1 ? (
      <code key={i} className="rounded bg-stone-100 px-1 font-mono text-[0.85em]">{part.slice(1, -1)}</code>
    ) : part.startsWith("**") && part.endsWith("**") ? (
      <strong key={i}>{part.slice(2, -2)}</strong>
    ) : (
      part
    ),
  );
}

function tagOf(o: Op): string {
  return ((o.op.tags as string[] | undefined) ?? ["Other"])[0];
}

/** The named schemas field tables link to, and the ones those link to, in first-seen order. */
function sharedSchemas(doc: OpenApiDocument, ops: Op[]): string[] {
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
