import { z } from "zod";
import { disableApiKey, issueApiKey, listApiKeys } from "@/lib/auth/api-keys";
import { SCOPES } from "@/lib/auth/scopes";
import { db } from "@/lib/db";
import { recordOpsAction } from "@/lib/ops/record-ops-action";

// API keys from the console: the same calls as `npm run keys`, recorded in the audit log in the
// same transaction (a key never exists without the row that says who issued it).

export const IssueKeySchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, { error: "Enter a label that says who or what uses the key (for example: Acme billing agent)." })
    .max(80, { error: "Shorten the label to at most 80 characters." })
    .regex(/^[^\r\n]*$/, { error: "Write the label on one line." }),
  mode: z.enum(["live", "test"], { error: "Choose live (real letters) or test (sandbox orders only)." }),
  scopes: z.array(z.enum(SCOPES, { error: `Choose scopes from the list (${SCOPES.join(", ")}).` })).max(SCOPES.length),
});
export type IssueKeyInput = z.infer<typeof IssueKeySchema>;

export type IssueKeyResult =
  | { ok: true; key: string; id: string; label: string; mode: string; scopes: string[] }
  | { ok: false; errors: Partial<Record<"label" | "mode" | "scopes", string>>; values: { label: string; mode: string; scopes: string[] } };

/** Validates the form, issues the key and returns the whole key, which is never shown again. */
export async function issueKeyByOperator(raw: { label: unknown; mode: unknown; scopes: unknown[] }, operator: string): Promise<IssueKeyResult> {
  const parsed = IssueKeySchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Partial<Record<"label" | "mode" | "scopes", string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as "label" | "mode" | "scopes";
      errors[field] ??= issue.message;
    }
    return { ok: false, errors, values: { label: String(raw.label ?? ""), mode: String(raw.mode ?? ""), scopes: raw.scopes.map(String) } };
  }
  const scopes = [...new Set(parsed.data.scopes)];
  const issued = await db().$transaction(async (tx) => {
    const key = await issueApiKey({ mode: parsed.data.mode, label: parsed.data.label, scopes }, tx);
    await recordOpsAction(tx, operator, "key.issue", key.id, `${key.mode} key "${key.label}", scopes: ${scopes.length ? scopes.join(", ") : "all"}`);
    return key;
  });
  return { ok: true, key: issued.key, id: issued.id, label: issued.label, mode: issued.mode, scopes: issued.scopes };
}

/** Disables a key; false when there is no such key or it is already disabled (nothing is recorded then). */
export async function disableKeyByOperator(id: string, operator: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const done = await disableApiKey(id, tx);
    if (done) await recordOpsAction(tx, operator, "key.disable", id);
    return done;
  });
}

/** Every key, newest first. */
export async function listKeysForOps() {
  return (await listApiKeys()).reverse();
}
