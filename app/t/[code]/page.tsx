import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getPublicTracking } from "@/lib/tracking/get-public-tracking";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ code: string }> };

const IN_TRANSIT = new Set(["draft", "pending_payment", "screening", "held_for_review", "submitted", "mailed"]);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getPublicTracking((await params).code);
  if (!t) return { title: "Tracking not found" };
  const title = `${t.format} to ${t.destination.city}, ${t.destination.state}: ${t.status}`;
  return { title, openGraph: { title, description: t.expectedDeliveryDate ? `Expected ${t.expectedDeliveryDate}` : "Track this letter" } };
}

export default async function TrackingPage({ params }: Props) {
  const t = await getPublicTracking((await params).code);
  if (!t) notFound();
  return (
    <article>
      {/* Refreshes itself without JavaScript while the piece is on its way. */}
      {IN_TRANSIT.has(t.status) ? <meta httpEquiv="refresh" content="30" /> : null}
      <p className="text-sm text-stone-500">
        {t.format} · {t.mailClass}
        {t.sandbox ? " · sandbox (simulated, nothing is mailed)" : ""}
      </p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">
        To {t.destination.city}, {t.destination.state}
      </h1>
      <dl className="mt-4 grid grid-cols-1 gap-3 rounded-lg border border-stone-200 bg-white p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-stone-500">Status</dt>
          <dd className="font-semibold" data-testid="tracking-status">{t.status}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Expected delivery</dt>
          <dd className="font-semibold">{t.expectedDeliveryDate ?? "Not yet known"}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Tracking number</dt>
          <dd className="font-mono">{t.trackingNumber ?? "None for this format"}</dd>
        </div>
      </dl>
      {t.refusalReason ? <p className="mt-4 rounded bg-red-50 p-3 text-sm text-red-900">{t.refusalReason}</p> : null}
      <h2 className="mt-8 text-lg font-semibold">Timeline</h2>
      <ol className="mt-3 border-l-2 border-stone-300 pl-4">
        {[...t.events].reverse().map((e, i) => (
          <li key={i} className="mb-4">
            <p className="font-medium">{e.description}</p>
            <p className="text-sm text-stone-500">
              <time dateTime={e.at}>{new Date(e.at).toUTCString().replace("GMT", "UTC")}</time>
              {e.place ? ` · ${e.place}` : ""}
            </p>
          </li>
        ))}
      </ol>
    </article>
  );
}
