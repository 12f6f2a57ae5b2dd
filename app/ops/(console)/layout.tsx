import { signOutOperator } from "@/app/ops/actions";
import { OpsNav } from "@/components/ops/ops-nav";
import { quietButton } from "@/components/ui/controls";
import { auth } from "@/lib/ops/auth";

export const dynamic = "force-dynamic";

// The console's header. Each page checks the operator itself (requireOperator); this layout
// only shows who is signed in.
export default async function OpsConsoleLayout({ children }: { children: React.ReactNode }) {
  const email = (await auth())?.user?.email ?? null;
  return (
    <div>
      <nav aria-label="Operator console" className="mb-6 flex flex-col gap-3 border-b border-stone-200 pb-3 sm:flex-row sm:items-center sm:justify-between">
        <OpsNav />
        {email ? (
          <form action={signOutOperator} className="flex items-center gap-2 text-sm">
            <span className="break-all text-stone-600" data-testid="ops-operator">
              {email}
            </span>
            <button type="submit" className={quietButton}>
              Sign out
            </button>
          </form>
        ) : null}
      </nav>
      {children}
    </div>
  );
}
