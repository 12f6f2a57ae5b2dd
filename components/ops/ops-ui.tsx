// Small building blocks of the operator console's pages (server components, no JavaScript).

export function When({ at }: { at: Date | string | null | undefined }) {
  if (!at) return <span className="text-stone-600">never</span>;
  const d = typeof at === "string" ? new Date(at) : at;
  return <time dateTime={d.toISOString()}>{d.toISOString().slice(0, 16).replace("T", " ")} UTC</time>;
}

const STATUS_TONES: Record<string, string> = {
  held_for_review: "bg-amber-100 text-amber-900",
  screening: "bg-sky-100 text-sky-900",
  pending_payment: "bg-sky-100 text-sky-900",
  submitted: "bg-indigo-100 text-indigo-900",
  mailed: "bg-indigo-100 text-indigo-900",
  delivered: "bg-green-100 text-green-900",
  refused: "bg-red-100 text-red-900",
  failed: "bg-red-100 text-red-900",
  canceled: "bg-stone-200 text-stone-800",
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
};

export function Badge({ children, tone }: { children: React.ReactNode; tone?: string }) {
  const cls = STATUS_TONES[tone ?? String(children)] ?? "bg-stone-200 text-stone-800";
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${cls}`}>{children}</span>;
}

/** Label and value pairs that wrap on narrow screens. */
export function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-stone-600">{label}</dt>
          <dd className="mb-1 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PageTitle({ children, lead }: { children: React.ReactNode; lead?: React.ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{children}</h1>
      {lead ? <p className="mt-1 text-sm text-stone-600">{lead}</p> : null}
    </div>
  );
}

export function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}
