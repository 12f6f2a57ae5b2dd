import type { Metadata } from "next";
import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { ReferenceTrail } from "@/components/docs/reference-parts";

// Every error code the API answers with, from the document's catalogue (/docs/api/errors#error-quote_expired).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Error codes: API reference" };

export default function ErrorCodesPage() {
  const doc = buildOpenApiDocument({ baseUrl: env().PUBLIC_BASE_URL });
  return (
    <article className="text-sm leading-6">
      <ReferenceTrail />
      <h1 className="text-2xl font-semibold tracking-tight">Error codes</h1>
      <p className="mt-2">
        Every failure is <code>{"{status, code, reason, next}"}</code>. Switch on <code>code</code>, follow <code>next</code>; retry only what is retryable, with the same{" "}
        <code>Idempotency-Key</code> and after <code>Retry-After</code>.
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full border-collapse text-left text-xs [&_td]:py-1 [&_td]:pr-2 [&_th]:py-1 [&_th]:pr-2">
          <thead>
            <tr className="border-b border-stone-300">
              <th>HTTP</th>
              <th>code</th>
              <th>status</th>
              <th>retry?</th>
              <th>meaning and what to do</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(doc["x-error-catalogue"]).map(([code, e]) => (
              <tr key={code} id={`error-${code}`} className="scroll-mt-4 border-b border-stone-200 align-top">
                <td>{e.http}</td>
                <td className="font-mono">{code}</td>
                <td>{e.status}</td>
                <td>{e.retryable ? "yes" : "no"}</td>
                <td>
                  {e.summary} <span className="text-stone-600">{e.next.join(" ")}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
