import type { Metadata } from "next";
import { disableKey } from "@/app/ops/actions";
import { IssueKeyForm } from "@/components/ops/issue-key-form";
import { Badge, PageTitle, When, one } from "@/components/ops/ops-ui";
import { dangerButton } from "@/components/ui/controls";
import { Notice } from "@/components/ui/notice";
import { SCOPES } from "@/lib/auth/scopes";
import { listKeysForOps } from "@/lib/ops/manage-keys";
import { requireOperator } from "@/lib/ops/require-operator";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API keys" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Issue keys (shown once), see how each is used, disable one. */
export default async function OpsKeysPage({ searchParams }: Props) {
  await requireOperator("/ops/keys");
  const q = await searchParams;
  const keys = await listKeysForOps();
  return (
    <section>
      <PageTitle lead="Keys are optional for callers; a key narrows what it may do (scopes) and ak_test_ keys only make sandbox orders. Keys are stored as hashes: the whole key is shown once, when it is issued.">
        API keys
      </PageTitle>
      {one(q.disabled) ? <Notice tone="ok">Disabled {one(q.disabled)}. Requests with it now get 403 key_disabled.</Notice> : null}
      {one(q.error) ? <Notice tone="error">That key does not exist or is already disabled. Reload the page to see the keys as they are.</Notice> : null}

      <h2 className="mt-6 text-lg font-semibold">Issue a key</h2>
      <IssueKeyForm scopes={SCOPES} />

      <h2 className="mt-8 text-lg font-semibold">Keys</h2>
      {keys.length === 0 ? (
        <p className="mt-2 rounded border border-dashed border-stone-300 p-6 text-center text-stone-600">No keys yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white" aria-label="API keys, newest first" data-testid="key-list">
          {keys.map((k) => (
            <li key={k.id} className="px-4 py-3 text-sm" data-testid="key-row">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{k.label}</span>
                <Badge tone={k.mode === "live" ? "submitted" : "sandbox"}>{k.mode}</Badge>
                {k.disabledAt ? <Badge tone="failed">disabled</Badge> : <Badge tone="delivered">active</Badge>}
              </p>
              <p className="mt-1 break-words text-stone-700">
                {k.id} · ak_{k.mode}_…{k.hint} · scopes: {k.scopes.length ? k.scopes.join(", ") : "all"}
              </p>
              <p className="text-stone-700">
                Created <When at={k.createdAt} /> · last used <When at={k.lastUsedAt} />
                {k.disabledAt ? (
                  <>
                    {" "}
                    · disabled <When at={k.disabledAt} />
                  </>
                ) : null}
              </p>
              {k.disabledAt ? null : (
                <form action={disableKey} className="mt-2">
                  <input type="hidden" name="key_id" value={k.id} />
                  <button type="submit" className={dangerButton}>
                    Disable<span className="sr-only"> the key {k.label} ({k.id})</span>
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
