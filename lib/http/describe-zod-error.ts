import type { z } from "zod";

/** One readable sentence per problem, with the field path, e.g. `to.zip: must be …`. */
export function describeZodError(error: z.ZodError, where: "body" | "path"): string {
  const parts = error.issues.slice(0, 10).map((issue) => {
    const path = issue.path.map(String).join(".");
    const field = path || (where === "body" ? "body" : "path");
    if (issue.code === "unrecognized_keys") {
      return `${field}: unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")} (check the spelling against the API reference)`;
    }
    if (issue.code === "invalid_type" && /received undefined$/.test(issue.message)) return `${field} is required`;
    return `${field}: ${issue.message}`;
  });
  const more = error.issues.length > 10 ? ` (and ${error.issues.length - 10} more)` : "";
  return `Invalid ${where === "body" ? "request body" : "path"}: ${parts.join("; ")}${more}.`;
}

/** A query string's problems, each as its schema words it; an unknown parameter named, with the ones there are. */
export function describeQueryError(error: z.ZodError, known: string[]): string {
  const use = known.length > 1 ? `${known.slice(0, -1).join(", ")} and ${known.at(-1)}` : known.join("");
  const parts = error.issues.map((i) => (i.code === "unrecognized_keys" ? `unknown query parameter${i.keys.length > 1 ? "s" : ""} ${i.keys.join(", ")} (use ${use})` : i.message));
  return `Invalid query: ${parts.join("; ")}.`;
}
