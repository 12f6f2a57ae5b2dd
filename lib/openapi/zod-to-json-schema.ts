import { z } from "zod";

// zod 4's own JSON Schema output (draft 2020-12, which OpenAPI 3.1 speaks), with two fixes:
// - A regex with the `i` flag (the credit code form) loses its flag in JSON Schema, which has
//   none: the pattern is rewritten to accept both cases, as zod does.
// - Response objects keep no `additionalProperties: false`: the service may add fields to its
//   answers, and clients must not break when it does. Request objects keep it (they are strict).
//   Nor the safe-integer bounds z.int() adds, which say nothing about an answer.

type Json = Record<string, unknown>;
type Io = "input" | "output";

const params = (io: Io) =>
  ({
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: Json }) => {
      if (typeof jsonSchema.pattern === "string" && regexesOf(zodSchema).some((r) => r.flags.includes("i"))) {
        jsonSchema.pattern = caseInsensitivePattern(jsonSchema.pattern);
      }
    },
  }) as const;

type ZodInternals = { _zod?: { bag?: { patterns?: Set<RegExp> }; def?: { checks?: { _zod?: { def?: { pattern?: unknown } } }[] } } };

/** The regular expressions a string schema checks (`.regex()` and formats). */
function regexesOf(zodSchema: unknown): RegExp[] {
  const internals = (zodSchema as ZodInternals)._zod;
  const fromChecks = (internals?.def?.checks ?? []).map((c) => c._zod?.def?.pattern).filter((p): p is RegExp => p instanceof RegExp);
  return [...(internals?.bag?.patterns ?? []), ...fromChecks];
}

/** One schema, inline. */
export function toJsonSchema(schema: z.ZodType, io: Io): Json {
  return tidy(z.toJSONSchema(schema, params(io)) as Json, io);
}

/** Several named schemas; where one contains another, it refers to it as #/components/schemas/<name>. */
export function toJsonSchemas(named: { name: string; schema: z.ZodType }[], io: Io): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const { name, schema } of named) registry.add(schema, { id: name });
  const { schemas } = z.toJSONSchema(registry, { ...params(io), uri: (id) => `#/components/schemas/${id}` }) as { schemas: Record<string, Json> };
  if (schemas.__shared) throw new Error("zod extracted shared definitions; list the shared schema in COMPONENTS instead");
  return Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, tidy(s, io)]));
}

function tidy(schema: Json, io: Io): Json {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return io === "output" ? (openObjects(rest) as Json) : rest;
}

function openObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(openObjects);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      // z.int() states the safe-integer range; in an answer it says nothing.
      .filter(([k, v]) => !(k === "additionalProperties" && v === false) && !(k === "maximum" && v === Number.MAX_SAFE_INTEGER) && !(k === "minimum" && v === Number.MIN_SAFE_INTEGER))
      .map(([k, v]) => [k, openObjects(v)]),
  );
}

/** `^cc-[a-z0-9]{4}$` -> `^[cC][cC]-[a-zA-Z0-9]{4}$`: the same language with either case. */
export function caseInsensitivePattern(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === "\\") {
      out += ch + (source[i + 1] ?? "");
      i++;
    } else if (inClass) {
      if (ch === "]") inClass = false;
      if (/[a-z]/i.test(ch) && source[i + 1] === "-" && /[a-z]/i.test(source[i + 2] ?? "")) {
        const range = `${ch}-${source[i + 2]}`;
        out += range + (ch === ch.toLowerCase() ? range.toUpperCase() : range.toLowerCase());
        i += 2;
      } else if (/[a-z]/i.test(ch)) {
        out += ch.toLowerCase() + ch.toUpperCase();
      } else {
        out += ch;
      }
    } else if (ch === "[") {
      inClass = true;
      out += ch;
      if (source[i + 1] === "^") out += source[++i];
    } else if (ch === "{" && source.indexOf("}", i) > i) {
      // Quantifier braces hold digits only; copy them whole.
      const end = source.indexOf("}", i);
      out += source.slice(i, end + 1);
      i = end;
    } else if (/[a-z]/i.test(ch)) {
      out += `[${ch.toLowerCase()}${ch.toUpperCase()}]`;
    } else {
      out += ch;
    }
  }
  return out;
}
