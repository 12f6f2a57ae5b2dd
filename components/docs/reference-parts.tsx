import type { FieldRow } from "@/lib/openapi/describe-json-schema";

// The pieces the API reference pages are written with: field tables, folded examples, and the
// little Markdown the OpenAPI descriptions use. Server components: the pages need no JavaScript.

export const SCHEMAS_PATH = "/docs/api/schemas";
export const ERRORS_PATH = "/docs/api/errors";

export function Fields({ rows }: { rows: FieldRow[] }) {
  if (!rows.length) return null;
  // The cells' styles are set once on the table (a reference page has thousands of cells).
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full border-collapse text-left text-xs [&_td]:py-1 [&_td:not(:last-child)]:pr-2 [&_th]:py-1 [&_th:not(:last-child)]:pr-2 [&_tbody_tr]:border-b [&_tbody_tr]:border-stone-100 [&_tbody_tr]:align-top">
        <thead>
          <tr className="border-b border-stone-300">
            <th>field</th>
            <th>type</th>
            <th>constraints and meaning</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((f) => (
            <tr key={f.name}>
              <td className="font-mono">
                {f.name}
                {f.required ? <span className="text-red-700" title="required"> *</span> : null}
              </td>
              <td className="font-mono">{f.ref ? <a href={`${SCHEMAS_PATH}#schema-${f.ref}`} className="underline">{f.type}</a> : f.type}</td>
              <td>
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

export function Example({ title, value }: { title: string; value: unknown }) {
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-stone-600">{title}</summary>
      <pre tabIndex={0} aria-label={title} className="mt-1 max-h-96 overflow-auto rounded bg-stone-900 p-3 text-xs text-stone-100 focus-visible:outline-2 focus-visible:outline-blue-700">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}

/** The little Markdown the descriptions use: paragraphs, "- " lists, `code` and **bold**. */
export function Prose({ text }: { text: string }) {
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


/** The way back from a page of the reference to its front page, and across to its other parts. */
export function ReferenceTrail() {
  return (
    <nav aria-label="API reference" className="mb-4 text-sm">
      <a href="/docs/api" className="underline">API reference</a> · <a href={SCHEMAS_PATH} className="underline">Schemas</a> · <a href={ERRORS_PATH} className="underline">Error codes</a> ·{" "}
      <a href="/v1/openapi.json" className="underline">openapi.json</a>
    </nav>
  );
}
