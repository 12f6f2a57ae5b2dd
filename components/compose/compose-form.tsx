"use client";

import { useEffect, useMemo, useState } from "react";
import { AddressFields, emptyAddress, type AddressDraft } from "@/components/compose/address-fields";

type Envelope = { status: string; code?: string; reason?: string; next?: string[] };
type Quote = { price_cents: number; page_count: number; breakdown: { id: string; label: string; amount_cents: number }[] };
type Proof = { pdf_url: string; thumbnail_url: string; notes: string[] };
type AddressOut = { name: string; line1: string; line2?: string; city: string; state: string; zip: string };
type Quoted = { key: string; token: string; quote: Quote; proof: Proof; correctedTo?: AddressOut; correctedFrom?: AddressOut };
type Sent = { orderId: string; status: string; trackingUrl: string; trackingNumber: string | null; expected: string | null };

const FORMATS = [
  ["letter", "Letter"],
  ["letter_windowed", "Letter, windowed envelope"],
  ["notecard", "Notecard"],
  ["postcard_4x6", "Postcard 4×6"],
  ["postcard_6x9", "Postcard 6×9"],
  ["postcard_6x11", "Postcard 6×11"],
] as const;
const CLASSES = [
  ["first_class", "First-Class"],
  ["certified", "Certified"],
  ["certified_err", "Certified, electronic return receipt"],
  ["priority", "Priority"],
] as const;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function toAddress(a: AddressDraft) {
  return { name: a.name, line1: a.line1, ...(a.line2.trim() ? { line2: a.line2 } : {}), city: a.city, state: a.state, zip: a.zip };
}

export function ComposeForm() {
  const [format, setFormat] = useState("letter");
  const [mailClass, setMailClass] = useState("first_class");
  const [from, setFrom] = useState<AddressDraft>(emptyAddress);
  const [to, setTo] = useState<AddressDraft>(emptyAddress);
  const [text, setText] = useState("");
  const [email, setEmail] = useState("");
  const [quote, setQuote] = useState<Quoted | null>(null);
  const [busy, setBusy] = useState<"quote" | "send" | null>(null);
  const [error, setError] = useState<Envelope | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [sandbox, setSandbox] = useState(true);
  const [payWith, setPayWith] = useState<"card" | "credit">("card");
  const [creditCode, setCreditCode] = useState("");
  // Before hydration a click would submit the form natively, addresses in the URL: wait.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const isCard = format !== "letter" && format !== "letter_windowed";
  const letter = useMemo(
    () => ({
      format,
      mail_class: isCard ? "first_class" : mailClass,
      to: toAddress(to),
      from: toAddress(from),
      text,
      sandbox,
      ...(email.trim() ? { email: email.trim() } : {}),
    }),
    [format, mailClass, isCard, to, from, text, email, sandbox],
  );
  const letterKey = JSON.stringify(letter);
  const currentQuote = quote && quote.key === letterKey ? quote : null;

  async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    return (await res.json()) as Envelope & Record<string, unknown>;
  }

  async function getQuote(e: React.FormEvent) {
    e.preventDefault();
    setBusy("quote");
    setError(null);
    try {
      const res = await call("/v1/quotes", letter);
      if (res.status !== "ok") return setError(res);
      setQuote({
        key: letterKey,
        token: res.confirmation_token as string,
        quote: res.quote as Quote,
        proof: res.proof as Proof,
        correctedTo: res.corrected_to as AddressOut | undefined,
        correctedFrom: res.corrected_from as AddressOut | undefined,
      });
    } catch {
      setError({ status: "failed", reason: "The service could not be reached. Check your connection and try again." });
    } finally {
      setBusy(null);
    }
  }

  async function send() {
    if (!currentQuote) return;
    setBusy("send");
    setError(null);
    try {
      // One Idempotency-Key per quoted letter: a double click or a retry never mails twice.
      const payment = sandbox ? {} : payWith === "credit" ? { credit_code: creditCode.trim() } : { checkout_ui_mode: "hosted" };
      const res = await call("/v1/orders", { ...letter, ...payment, confirmation_token: currentQuote.token }, { "Idempotency-Key": currentQuote.token.slice(-40) });
      // Paying by card: on to the checkout page, which comes back to /pay/return.
      if (res.status === "action_required" && typeof res.payment_url === "string") return window.location.assign(res.payment_url);
      if (res.status !== "ok") return setError(res);
      const order = res.order as { id: string; status: string; tracking_number: string | null; expected_delivery_date: string | null };
      setSent({ orderId: order.id, status: order.status, trackingUrl: res.tracking_url as string, trackingNumber: order.tracking_number, expected: order.expected_delivery_date });
    } catch {
      setError({ status: "failed", reason: "The service could not be reached. Your letter may not have been sent; press Send again, it will not be sent twice." });
    } finally {
      setBusy(null);
    }
  }

  if (sent) {
    return (
      <section aria-live="polite" className="rounded-lg border border-green-300 bg-green-50 p-6">
        <h2 className="text-xl font-semibold">{sandbox ? "Your sandbox letter is on its way" : "Your letter is paid and being screened"}</h2>
        <p className="mt-2 text-sm">
          Order <code>{sent.orderId}</code> is <strong>{sent.status}</strong>.
          {sent.trackingNumber ? <> Tracking number {sent.trackingNumber}.</> : null}
          {sent.expected ? <> Expected delivery {sent.expected}.</> : null}
        </p>
        <p className="mt-4">
          <a className="font-medium text-blue-700 underline" href={new URL(sent.trackingUrl).pathname}>
            Track this letter
          </a>
        </p>
      </section>
    );
  }

  return (
    <form onSubmit={getQuote} method="post" className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">Format</span>
          <select name="format" className="rounded border border-stone-300 bg-white px-2 py-1.5" value={format} onChange={(e) => setFormat(e.target.value)}>
            {FORMATS.map(([v, l]) => (
              <option key={v} value={v}>{l}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">Mail class</span>
          <select name="mail_class" className="rounded border border-stone-300 bg-white px-2 py-1.5 disabled:bg-stone-100" value={isCard ? "first_class" : mailClass} disabled={isCard} onChange={(e) => setMailClass(e.target.value)}>
            {CLASSES.map(([v, l]) => (
              <option key={v} value={v}>{l}</option>
            ))}
          </select>
          {isCard ? <span className="text-xs text-stone-500">Postcards and notecards go First-Class.</span> : null}
        </label>
      </div>
      <AddressFields legend="From (return address)" idPrefix="from" value={from} onChange={setFrom} />
      <AddressFields legend="To" idPrefix="to" value={to} onChange={setTo} />
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">Your letter</span>
        <textarea name="text" required maxLength={50000} rows={10} className="rounded border border-stone-300 bg-white p-2 font-serif" value={text} onChange={(e) => setText(e.target.value)} />
        <span className="text-xs text-stone-500">{text.length.toLocaleString()} / 50,000 characters</span>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">E-mail for the receipt (optional)</span>
        <input name="email" type="email" autoComplete="email" className="rounded border border-stone-300 bg-white px-2 py-1.5" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <fieldset className="flex flex-col gap-2 rounded border border-stone-200 bg-white p-3 text-sm">
        <legend className="px-1 font-semibold">Payment</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="sandbox" checked={sandbox} onChange={(e) => setSandbox(e.target.checked)} />
          <span>Sandbox: run the whole pipeline free. Nothing is printed, mailed or charged.</span>
        </label>
        {sandbox ? null : (
          <>
            <label className="flex items-center gap-2">
              <input type="radio" name="pay_with" value="card" checked={payWith === "card"} onChange={() => setPayWith("card")} />
              <span>Pay by card at checkout (authorized now, charged once the letter clears screening)</span>
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="pay_with" value="credit" checked={payWith === "credit"} onChange={() => setPayWith("credit")} />
              <span>Pay with a credit code</span>
            </label>
            {payWith === "credit" ? (
              <label className="flex flex-col gap-1">
                <span>Credit code</span>
                <input name="credit_code" required placeholder="cc-xxxx-xxxx-xxxx" pattern="[cC][cC]-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}" className="rounded border border-stone-300 px-2 py-1.5 font-mono" value={creditCode} onChange={(e) => setCreditCode(e.target.value)} />
              </label>
            ) : null}
          </>
        )}
      </fieldset>

      {error ? (
        <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p>{error.reason}</p>
          {error.next?.length ? (
            <ul className="mt-1 list-disc pl-5">
              {error.next.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <section aria-live="polite" aria-label="Quote" className="min-h-32 rounded-lg border border-stone-200 bg-white p-4">
        {currentQuote ? (
          <>
            <table className="w-full text-sm">
              <tbody>
                {currentQuote.quote.breakdown.map((l) => (
                  <tr key={l.id}>
                    <td className="py-0.5">{l.label}</td>
                    <td className="py-0.5 text-right tabular-nums">{dollars(l.amount_cents)}</td>
                  </tr>
                ))}
                <tr className="border-t border-stone-200 font-semibold">
                  <td className="pt-1">
                    Total ({currentQuote.quote.page_count} page{currentQuote.quote.page_count === 1 ? "" : "s"})
                  </td>
                  <td className="pt-1 text-right tabular-nums" data-testid="quote-total">{dollars(currentQuote.quote.price_cents)}</td>
                </tr>
              </tbody>
            </table>
            {sandbox ? <p className="mt-2 text-xs text-stone-500">Sandbox orders are free: you will not be charged this amount.</p> : null}
            <Corrections to={currentQuote.correctedTo} from={currentQuote.correctedFrom} />
            <figure className="mt-4 flex flex-col items-start gap-2 sm:flex-row">
              {/* The proof is the exact PDF that will print; its page 1 is drawn by the service. */}
              <a href={new URL(currentQuote.proof.pdf_url).pathname} target="_blank" rel="noopener" className="shrink-0">
                <img src={new URL(currentQuote.proof.thumbnail_url).pathname} alt="Proof of page 1 as it will print" width={160} height={207} className="border border-stone-300 shadow-sm" />
              </a>
              <figcaption className="text-sm">
                <a className="font-medium text-blue-700 underline" href={new URL(currentQuote.proof.pdf_url).pathname} target="_blank" rel="noopener">
                  Open the proof (PDF)
                </a>
                <span className="block text-xs text-stone-500">This is exactly what will print.</span>
                {currentQuote.proof.notes.map((n) => (
                  <span key={n} className="mt-1 block text-xs text-amber-800">{n}</span>
                ))}
              </figcaption>
            </figure>
          </>
        ) : (
          <p className="text-sm text-stone-500">Fill in the letter and get a quote to see the price.</p>
        )}
      </section>

      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy !== null || !ready} className="rounded bg-stone-800 px-4 py-2 font-medium text-white disabled:opacity-60">
          {busy === "quote" ? "Quoting…" : currentQuote ? "Quote again" : "Get quote"}
        </button>
        <button type="button" onClick={send} disabled={!currentQuote || busy !== null} className="rounded bg-blue-700 px-4 py-2 font-medium text-white disabled:opacity-50">
          {busy === "send" ? "Sending…" : sandbox ? "Send letter" : payWith === "card" ? "Continue to payment" : "Pay and send"}
        </button>
      </div>
    </form>
  );
}

function Corrections({ to, from }: { to?: AddressOut; from?: AddressOut }) {
  if (!to && !from) return null;
  const line = (a: AddressOut) => [a.line1, a.line2, `${a.city} ${a.state} ${a.zip}`].filter(Boolean).join(", ");
  return (
    <div className="mt-3 rounded bg-sky-50 p-2 text-xs text-sky-900" data-testid="address-corrections">
      <p className="font-semibold">Addresses as the Postal Service writes them (this is how they will print):</p>
      {to ? <p>To: {line(to)}</p> : null}
      {from ? <p>From: {line(from)}</p> : null}
    </div>
  );
}
