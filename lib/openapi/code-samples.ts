import * as ex from "@/lib/openapi/examples";
type JsonObject = Record<string, unknown>;

// Each operation called three ways, written from the operation itself (its method, path,
// parameters and first request example), for the document's `x-codeSamples` (Redoc and others
// show them) and the API reference pages: curl, TypeScript with the typed client (lib/client),
// Python with requests. Written here, not by a library: the samples must use our own client and
// our own examples, which no generic snippet generator knows.

export type CodeSample = { lang: "Shell" | "TypeScript" | "Python"; label: string; source: string };

/** An example value for each path and header parameter, by name (and, for `id`, by what it names). */
function exampleParam(name: string, path: string): string {
  if (name === "id") return path.startsWith("/v1/credits/checkout") ? ex.ids.payment : ex.ids.order;
  const byName: Record<string, string> = {
    key: ex.ids.uploadKey,
    file: `${ex.ids.proof}.pdf`,
    code: path.startsWith("/v1/credits") ? ex.ids.creditCode : ex.ids.trackingCode,
    "Idempotency-Key": ex.ids.idempotencyKey,
    "X-Capability-Token": ex.tokens.cancel,
  };
  return byName[name] ?? `<${name}>`;
}

type Param = { name: string; in: string; required?: boolean };

const EXAMPLE_KEY = "ak_live_…";

/** The three samples of one operation, or none for those no one calls by hand (MCP's transport, raw uploads). */
export function codeSamples(baseUrl: string, method: string, path: string, op: JsonObject): CodeSample[] {
  if (path === "/v1/mcp" || (method === "put" && path.startsWith("/v1/uploads/"))) return [];
  const params = (op.parameters ?? []) as Param[];
  const pathParams = params.filter((p) => p.in === "path");
  // Required headers, and the one every retry needs; optional ones (protocol versions, legacy names) are left out.
  const headers = params.filter((p) => p.in === "header" && (p.required || p.name === "Idempotency-Key"));
  const query = params.filter((p) => p.in === "query" && p.required);
  const media = Object.values(((op.requestBody as JsonObject | undefined)?.content ?? {}) as Record<string, { examples?: Record<string, { value: unknown }> }>)[0];
  const body = media?.examples ? Object.values(media.examples)[0]?.value : undefined;

  const filled = pathParams.reduce((p, param) => p.replace(`{${param.name}}`, exampleParam(param.name, path)), path);
  const queryString = query.map((q) => `${q.name}=${q.name === "q" ? "1220" : exampleParam(q.name, path)}`).join("&");
  const url = `${baseUrl}${filled}${queryString ? `?${queryString}` : ""}`;
  // A key is optional everywhere but where the operation answers key_required without one.
  const needsKey = ((op["x-error-codes"] ?? []) as string[]).includes("key_required");
  const headerPairs = [...(needsKey ? [["Authorization", `Bearer ${EXAMPLE_KEY}`] as const] : []), ...headers.map((h) => [h.name, exampleParam(h.name, path)] as const)];
  const json = body === undefined ? null : JSON.stringify(body, null, 2);
  const M = method.toUpperCase();

  const curl = [
    `curl -X ${M} '${url}'`,
    ...headerPairs.map(([k, v]) => `  -H '${k}: ${v}'`),
    ...(json ? ["  -H 'content-type: application/json'", `  -d '${json.replace(/'/g, "'\\''")}'`] : []),
  ].join(" \\\n");

  const tsOptions = [
    pathParams.length || headers.length || query.length
      ? `params: { ${[
          pathParams.length ? `path: { ${pathParams.map((p) => `${p.name}: "${exampleParam(p.name, path)}"`).join(", ")} }` : "",
          query.length ? `query: { ${query.map((q) => `${q.name}: "${q.name === "q" ? "1220" : exampleParam(q.name, path)}"`).join(", ")} }` : "",
          headers.length ? `header: { ${headers.map((h) => `"${h.name}": "${exampleParam(h.name, path)}"`).join(", ")} }` : "",
        ]
          .filter(Boolean)
          .join(", ")} }`
      : "",
    json ? `body: ${json.replace(/\n/g, "\n  ")}` : "",
  ].filter(Boolean);
  const ts = [
    `import { createMailClient } from "./lib/client/mail-client"; // this repository's typed client`,
    "",
    needsKey ? `const mail = createMailClient({ baseUrl: "${baseUrl}", apiKey: "${EXAMPLE_KEY}" });` : `const mail = createMailClient({ baseUrl: "${baseUrl}" }); // add apiKey: "ak_live_…" to use a key`,
    `const { data, error } = await mail.${M}("${path}"${tsOptions.length ? `, {\n  ${tsOptions.join(",\n  ")},\n}` : ""});`,
    `if (error) throw new Error(\`\${error.code}: \${error.reason}\`);`,
    `console.log(data);`,
  ].join("\n");

  const py = [
    "import requests",
    "",
    `response = requests.${method}(`,
    `    "${url}",`,
    ...(headerPairs.length ? [`    headers={${headerPairs.map(([k, v]) => `"${k}": "${v}"`).join(", ")}},`] : []),
    ...(json ? [`    json=${pythonLiteral(body)},`] : []),
    "    timeout=30,",
    ")",
    "answer = response.json()",
    'if not response.ok:',
    '    raise RuntimeError(f"{answer[\'code\']}: {answer[\'reason\']}")',
    "print(answer)",
  ].join("\n");

  return [
    { lang: "Shell", label: "curl", source: curl },
    { lang: "TypeScript", label: "TypeScript (typed client)", source: ts },
    { lang: "Python", label: "Python (requests)", source: py },
  ];
}

/** A JSON value as a Python literal (True, False, None), indented to sit inside the call. */
function pythonLiteral(value: unknown, indent = "    "): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value !== "object") return JSON.stringify(value);
  const inner = indent + "    ";
  const items = Array.isArray(value)
    ? value.map((v) => `${inner}${pythonLiteral(v, inner)}`)
    : Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pythonLiteral(v, inner)}`);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return items.length ? `${open}\n${items.join(",\n")},\n${indent}${close}` : `${open}${close}`;
}
