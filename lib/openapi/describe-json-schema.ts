import type { JsonObject, OpenApiDocument } from "@/lib/openapi/build-openapi-document";

// Reads the generated JSON Schemas back as rows a person can scan (the /docs/api page):
// a field's type in words and its constraints.

export type FieldRow = { name: string; type: string; ref: string | null; required: boolean; constraints: string[]; description: string | null };

const refName = (node: JsonObject): string | null => (typeof node.$ref === "string" ? node.$ref.split("/").pop()! : null);

/** The node without its null alternative (anyOf [X, null] or type [X, "null"]), and whether null is allowed. */
function unwrapNullable(node: JsonObject): { node: JsonObject; nullable: boolean } {
  if (Array.isArray(node.anyOf)) {
    const branches = node.anyOf as JsonObject[];
    const rest = branches.filter((b) => b.type !== "null");
    if (rest.length === 1 && rest.length < branches.length) return { node: { ...rest[0], description: node.description ?? rest[0].description }, nullable: true };
  }
  if (Array.isArray(node.type) && node.type.includes("null")) {
    const types = (node.type as string[]).filter((t) => t !== "null");
    return { node: { ...node, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { node, nullable: false };
}

function typeOf(node: JsonObject): { type: string; ref: string | null } {
  const direct = refName(node) ?? (Array.isArray(node.allOf) && node.allOf.length === 1 ? refName(node.allOf[0] as JsonObject) : null);
  if (direct) return { type: direct, ref: direct };
  if (node.const !== undefined) return { type: typeof node.const === "string" ? "string" : String(typeof node.const), ref: null };
  if (Array.isArray(node.anyOf)) return { type: (node.anyOf as JsonObject[]).map((b) => typeOf(b).type).join(" | "), ref: null };
  if (node.type === "array") {
    const items = typeOf((node.items ?? {}) as JsonObject);
    return { type: `array of ${items.type}`, ref: items.ref };
  }
  if (Array.isArray(node.type)) return { type: node.type.join(" | "), ref: null };
  return { type: typeof node.type === "string" ? node.type : "any", ref: null };
}

function constraintsOf(node: JsonObject): string[] {
  const out: string[] = [];
  const n = (k: string) => (typeof node[k] === "number" ? (node[k] as number) : undefined);
  if (n("minLength") !== undefined && n("maxLength") !== undefined) out.push(n("minLength") === n("maxLength") ? `exactly ${n("minLength")} characters` : `${n("minLength")} to ${n("maxLength")} characters`);
  else if (n("maxLength") !== undefined) out.push(`at most ${n("maxLength")} characters`);
  else if (n("minLength") !== undefined) out.push(`at least ${n("minLength")} characters`);
  if (n("minimum") !== undefined) out.push(`≥ ${n("minimum")}`);
  if (n("maximum") !== undefined) out.push(`≤ ${n("maximum")}`);
  if (n("maxItems") !== undefined) out.push(`at most ${n("maxItems")} items`);
  if (Array.isArray(node.enum)) out.push(`one of ${(node.enum as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`);
  if (node.const !== undefined) out.push(`always ${JSON.stringify(node.const)}`);
  if (typeof node.format === "string") out.push(`format ${node.format}`);
  if (typeof node.pattern === "string" && node.pattern.length <= 80) out.push(`pattern ${node.pattern}`);
  if (node.default !== undefined) out.push(`default ${JSON.stringify(node.default)}`);
  if (node.type === "array") out.push(...constraintsOf((node.items ?? {}) as JsonObject).map((c) => `each: ${c}`));
  return out;
}

/** The properties of an object schema (following a $ref), one row each. */
export function fieldRows(doc: OpenApiDocument, schema: JsonObject | undefined): FieldRow[] {
  const target = schema ? resolve(doc, schema) : undefined;
  if (!target || typeof target.properties !== "object") return [];
  const required = new Set((target.required as string[] | undefined) ?? []);
  return Object.entries(target.properties as Record<string, JsonObject>).map(([name, raw]) => {
    const { node, nullable } = unwrapNullable(raw);
    const { type, ref } = typeOf(node);
    return {
      name,
      type: nullable ? `${type} | null` : type,
      ref,
      required: required.has(name),
      constraints: constraintsOf(node),
      description: (raw.description as string | undefined) ?? (node.description as string | undefined) ?? null,
    };
  });
}

/** A parameter's schema, as one row. */
export function parameterRow(param: JsonObject): FieldRow & { in: string } {
  const schema = (param.schema ?? {}) as JsonObject;
  return { name: String(param.name), in: String(param.in), type: typeOf(schema).type, ref: null, required: Boolean(param.required), constraints: constraintsOf(schema), description: (param.description as string | undefined) ?? null };
}

export function resolve(doc: OpenApiDocument, node: JsonObject): JsonObject {
  const name = refName(node);
  return name ? (doc.components.schemas[name] ?? node) : node;
}
