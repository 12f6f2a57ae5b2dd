"use client";

import { useActionState } from "react";
import { issueKey } from "@/app/ops/actions";
import type { IssueKeyResult } from "@/lib/ops/manage-keys";
import { primaryButton } from "@/components/ui/controls";

const inputClass = "w-full rounded border border-stone-400 bg-white px-2 py-1.5 text-base focus:outline-2 focus:outline-blue-600";

/**
 * Issues a key. The whole key comes back in the answer to this form and is shown once: it is
 * stored only as a hash, so nobody can show it again. Works without JavaScript too (the server
 * renders the answer into the page it returns).
 */
export function IssueKeyForm({ scopes }: { scopes: readonly string[] }) {
  const [state, action, pending] = useActionState<IssueKeyResult | null, FormData>(issueKey, null);
  const errors = state && !state.ok ? state.errors : {};
  const values = state && !state.ok ? state.values : { label: "", mode: "test", scopes: [] as string[] };
  return (
    <div>
      {state?.ok ? (
        <div role="status" className="mt-4 rounded border border-green-300 bg-green-50 p-3 text-sm text-green-900" data-testid="new-key">
          <p className="font-medium">
            Key {state.id} issued ({state.mode}, {state.scopes.length ? state.scopes.join(", ") : "every scope"}). Copy it now: it is shown this once and cannot be shown again.
          </p>
          <p className="mt-2">
            <label htmlFor="new-key-value" className="block text-xs text-green-900">
              The key for “{state.label}”
            </label>
            <input id="new-key-value" readOnly value={state.key} className="mt-1 w-full rounded border border-green-400 bg-white px-2 py-1.5 font-mono text-sm text-stone-900" data-testid="new-key-value" />
          </p>
        </div>
      ) : null}
      {state && !state.ok ? (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          The key was not issued. Fix what is marked below, then press Issue key again.
        </p>
      ) : null}
      <form action={action} className="mt-4 space-y-4 rounded-lg border border-stone-200 bg-white p-4" key={state?.ok ? state.id : "form"}>
        <div>
          <label htmlFor="key-label" className="block text-sm font-medium">
            Label
          </label>
          <input
            id="key-label"
            name="label"
            required
            maxLength={80}
            defaultValue={values.label}
            aria-invalid={errors.label ? true : undefined}
            aria-describedby={errors.label ? "key-label-error" : "key-label-help"}
            className={`mt-1 ${inputClass}`}
          />
          {errors.label ? (
            <p id="key-label-error" className="mt-1 text-sm text-red-800">
              {errors.label}
            </p>
          ) : (
            <p id="key-label-help" className="mt-1 text-xs text-stone-600">
              Who or what uses the key, so you can tell keys apart later.
            </p>
          )}
        </div>
        <fieldset aria-describedby={errors.mode ? "key-mode-error" : undefined}>
          <legend className="text-sm font-medium">Mode</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="test" defaultChecked={values.mode !== "live"} /> test (ak_test_: sandbox orders only)
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="live" defaultChecked={values.mode === "live"} /> live (ak_live_: real letters)
            </label>
          </div>
          {errors.mode ? (
            <p id="key-mode-error" className="mt-1 text-sm text-red-800">
              {errors.mode}
            </p>
          ) : null}
        </fieldset>
        <fieldset aria-describedby={errors.scopes ? "key-scopes-error" : "key-scopes-help"}>
          <legend className="text-sm font-medium">Scopes</legend>
          <p id="key-scopes-help" className="text-xs text-stone-600">
            Leave every box empty for a key with all scopes.
          </p>
          <div className="mt-1 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
            {scopes.map((s) => (
              <label key={s} className="flex items-center gap-2">
                <input type="checkbox" name="scopes" value={s} defaultChecked={values.scopes.includes(s)} /> <code>{s}</code>
              </label>
            ))}
          </div>
          {errors.scopes ? (
            <p id="key-scopes-error" className="mt-1 text-sm text-red-800">
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        <button
          type="submit"
          disabled={pending}
          className={primaryButton}
        >
          {pending ? "Issuing…" : "Issue key"}
        </button>
      </form>
    </div>
  );
}
