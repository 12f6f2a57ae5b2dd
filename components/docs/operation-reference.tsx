import type { JsonObject, OpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { fieldRows, parameterRow, resolve } from "@/lib/openapi/describe-json-schema";
import type { ReferenceOperation } from "@/lib/openapi/reference-operations";
import type { CodeSample } from "@/lib/openapi/code-samples";
import { ERRORS_PATH, Example, Fields, Prose } from "@/components/docs/reference-parts";

export const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-emerald-100 text-emerald-900",
  put: "bg-amber-100 text-amber-900",
  patch: "bg-amber-100 text-amber-900",
  delete: "bg-red-100 text-red-900",
};

/** One operation in full: what it does, its parameters and body, its answers with examples, and its error codes. */
export function OperationReference({ doc, method, path, op }: ReferenceOperation & { doc: OpenApiDocument }) {
  const params = ((op.parameters ?? []) as JsonObject[]).map(parameterRow);
  const body = op.requestBody as { required?: boolean; description?: string; content: Record<string, { schema?: JsonObject; examples?: Record<string, { summary: string; value: unknown }> }> } | undefined;
  const [bodyType, bodyMedia] = body ? Object.entries(body.content)[0] : [];
  const responses = Object.entries(op.responses as Record<string, JsonObject>);
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4">
      <h1 className="flex flex-wrap items-center gap-2 font-mono text-xl">
        <span className={`rounded px-2 py-0.5 text-xs font-bold ${METHOD_STYLE[method] ?? ""}`}>{method.toUpperCase()}</span>
        <span className="font-semibold">{path}</span>
      </h1>
      <p className="mt-1 font-semibold">{String(op.summary)}</p>
      <div className="mt-2">
        <Prose text={String(op.description)} />
      </div>

      <CodeSamples samples={(op["x-codeSamples"] ?? []) as CodeSample[]} />

      {params.length ? (
        <>
          <h2 className="mt-4 font-semibold">Parameters</h2>
          <Fields rows={params.map((p) => ({ ...p, name: `${p.name} (${p.in})` }))} />
        </>
      ) : null}

      {body && bodyType ? (
        <>
          <h2 className="mt-4 font-semibold">
            Body <span className="font-normal text-stone-500">({bodyType}{body.required ? "" : ", optional"})</span>
          </h2>
          {body.description ? <Prose text={body.description} /> : null}
          {bodyMedia?.schema && resolve(doc, bodyMedia.schema).description ? <Prose text={String(resolve(doc, bodyMedia.schema).description)} /> : null}
          {bodyMedia?.schema ? <Fields rows={fieldRows(doc, bodyMedia.schema)} /> : null}
          {Object.entries(bodyMedia?.examples ?? {}).map(([name, example]) => (
            <Example key={name} title={`Example request: ${example.summary}`} value={example.value} />
          ))}
        </>
      ) : null}

      <h2 className="mt-4 font-semibold">Responses</h2>
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
                      <a href={`${ERRORS_PATH}#error-${c}`} className="font-mono underline decoration-stone-300">{c}</a>
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


/** The operation called in curl, TypeScript (the typed client) and Python: the first open, the others a click away (no JavaScript). */
function CodeSamples({ samples }: { samples: CodeSample[] }) {
  if (!samples.length) return null;
  return (
    <>
      <h2 className="mt-4 font-semibold">Call it</h2>
      {samples.map((s, i) => (
        <details key={s.label} open={i === 0} className="mt-2">
          <summary className="cursor-pointer text-stone-700">{s.label}</summary>
          {/* Scrolls when long: focusable, so a keyboard can scroll it. */}
          <pre tabIndex={0} aria-label={`${s.label} sample`} className="mt-1 max-h-96 overflow-auto rounded bg-stone-900 p-3 text-xs text-stone-100 focus-visible:outline-2 focus-visible:outline-blue-700">
            {s.source}
          </pre>
        </details>
      ))}
    </>
  );
}
