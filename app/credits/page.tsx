import type { Metadata } from "next";
import { Notice } from "@/components/ui/notice";
import { inputClass, primaryButton } from "@/components/ui/controls";
import { ApiError } from "@/lib/errors/api-error";
import { log } from "@/lib/log";
import { readCreditBalance } from "@/lib/payments/credits/credits";
import { dollars } from "@/lib/text/dollars";
import { CREDIT_PACK_IDS, CREDIT_PACKS } from "@/lib/payments/credits/packs";
import { formatDay } from "@/lib/tracking/format-tracking-time";
import { messageFor } from "@/lib/http/message-for";

export const dynamic = "force-dynamic";
// A looked-up code sits in the address (the lookup is a plain GET form): keep it out of
// search engines and of the Referer header of any link followed from here.
export const metadata: Metadata = {
  title: "Credits",
  description: "Check a credit code's balance, or buy prepaid credit for live letters.",
  robots: { index: false },
  referrer: "no-referrer",
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const EXAMPLE_CODE = "cc-7k2p-x9m4-q3wd";

// How to fix a purchase that came back (the form route sends only codes and field names).
const BUY_ERRORS: Record<string, string> = {
  rate_limited: "Too many checkouts were started from your connection in the last minute. Wait a minute, then try again.",
  payment_provider_unavailable: "The payment provider cannot be reached right now, and nothing was charged. Try again in a minute.",
  body_too_large: "The form was too large. Reload this page, choose a pack and try again.",
  unattributable_request: "We could not tell where the form came from. Reload this page and try again.",
  internal_error: "Something went wrong on our side, and nothing was charged. Try again in a moment.",
};
const FIELD_HELP: Record<string, string> = {
  pack: "Choose one of the packs below, then continue.",
  email: "Enter an e-mail address such as name@example.com, or leave the field empty.",
};

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

type Lookup =
  | { kind: "none" }
  | { kind: "balance"; balance: Awaited<ReturnType<typeof readCreditBalance>> }
  | { kind: "error"; message: string };

async function lookUp(raw: string | undefined): Promise<Lookup> {
  if (raw === undefined) return { kind: "none" };
  if (raw.trim() === "") return { kind: "error", message: `Enter a credit code, such as ${EXAMPLE_CODE}.` };
  try {
    return { kind: "balance", balance: await readCreditBalance(raw) };
  } catch (err) {
    if (err instanceof ApiError && err.code === "validation_error") {
      return {
        kind: "error",
        message: `That is not a credit code. A code is “cc-” and then three groups of 4 letters or digits joined by hyphens, such as ${EXAMPLE_CODE}. Copy it again from the page you saw after paying, with the hyphens.`,
      };
    }
    if (err instanceof ApiError && err.code === "credit_not_found") {
      return {
        kind: "error",
        message: "No credit account has this code. Check each character against the code you were given (the letter o and the digit 0 differ, as do l and 1; capitals do not matter), then look it up again.",
      };
    }
    log.error({ err }, "credit balance lookup failed");
    return { kind: "error", message: "We could not look up the balance just now. Try again in a moment." };
  }
}

/** Credits: a code's balance (GET form) and buying a pack (POST form); both work without JavaScript. */
export default async function CreditsPage({ searchParams }: Props) {
  const q = await searchParams;
  const rawCode = one(q.code);
  const lookup = await lookUp(rawCode);
  const buyError = one(q.buy_error);
  const badFields = new Set(buyError === "validation_error" ? (one(q.fields) ?? "").split(",").filter((f) => Object.hasOwn(FIELD_HELP, f)) : []);
  const chosenPack = one(q.pack);
  const now = Date.now();

  return (
    <article>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Credits</h1>
      <p className="mt-2 text-stone-700">
        Prepaid credit pays for live letters: choose “Pay with a credit code” when you send. Face value lasts 5 years; the bonus lasts 12 months and is spent first.
      </p>

      <section aria-labelledby="balance-heading" className="mt-8 rounded-lg border border-stone-200 bg-white p-4 sm:p-5">
        <h2 id="balance-heading" className="text-lg font-semibold">
          Check a balance
        </h2>
        <form method="get" action="/credits" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="flex flex-1 flex-col gap-1 text-sm">
            <span className="font-semibold">Credit code</span>
            <input
              name="code"
              defaultValue={rawCode ?? ""}
              required
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={EXAMPLE_CODE}
              aria-describedby={lookup.kind === "error" ? "code-hint code-error" : "code-hint"}
              aria-invalid={lookup.kind === "error" ? true : undefined}
              className={`${inputClass} font-mono`}
            />
          </label>
          <button type="submit" className={primaryButton}>
            Look up
          </button>
        </form>
        <p id="code-hint" className="mt-2 text-sm text-stone-600">
          The code was shown once, after you paid. Capitals do not matter.
        </p>
        {lookup.kind === "error" ? (
          <Notice id="code-error" tone="error" margin="mt-3">
            {lookup.message}
          </Notice>
        ) : null}
        {lookup.kind === "balance" ? (
          <div className="mt-4 rounded-lg border border-stone-200 bg-stone-50 p-4" data-testid="credit-balance">
            <p id="balance-result" className="text-sm text-stone-700">
              Balance of <span className="font-mono break-all">{lookup.balance.code}</span>
            </p>
            <p className="mt-1 text-3xl font-semibold" data-testid="balance-total">
              {dollars(lookup.balance.balance_cents)}
            </p>
            <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
              <div className="rounded border border-stone-200 bg-white p-3">
                <dt className="text-stone-600">Face value</dt>
                <dd className="mt-0.5 text-lg font-semibold" data-testid="balance-face">
                  {dollars(lookup.balance.face_cents)}
                </dd>
                <dd className="text-stone-700">
                  <Expiry iso={lookup.balance.face_expires_at} now={now} />
                </dd>
              </div>
              <div className="rounded border border-stone-200 bg-white p-3">
                <dt className="text-stone-600">Bonus (spent first)</dt>
                <dd className="mt-0.5 text-lg font-semibold" data-testid="balance-bonus">
                  {dollars(lookup.balance.bonus_cents)}
                </dd>
                <dd className="text-stone-700">
                  <Expiry iso={lookup.balance.bonus_expires_at} now={now} />
                </dd>
              </div>
            </dl>
            <p className="mt-4 text-sm text-stone-700">
              To spend it, <a className="font-semibold underline" href="/">write a letter</a>, turn sandbox off and choose “Pay with a credit code”.
            </p>
          </div>
        ) : null}
      </section>

      <section id="buy" aria-labelledby="buy-heading" className="mt-8 scroll-mt-4 rounded-lg border border-stone-200 bg-white p-4 sm:p-5">
        <h2 id="buy-heading" className="text-lg font-semibold">
          Buy credit
        </h2>
        <p className="mt-1 text-sm text-stone-700">You pay by card on the next page; the code is shown as soon as the payment goes through.</p>
        {buyError && buyError !== "validation_error" ? <Notice tone="error" margin="mt-3">{messageFor(BUY_ERRORS, buyError, BUY_ERRORS.internal_error)}</Notice> : null}
        {badFields.size > 0 ? <Notice tone="error" margin="mt-3">{[...badFields].map((f) => FIELD_HELP[f]).join(" ")}</Notice> : null}
        <form method="post" action="/credits/buy" className="mt-4 flex flex-col gap-5">
          <fieldset aria-describedby={badFields.has("pack") ? "pack-error" : undefined}>
            <legend className="text-sm font-semibold">Choose a pack</legend>
            <ul className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
              {CREDIT_PACK_IDS.map((id) => {
                const p = CREDIT_PACKS[id];
                const name = id.charAt(0).toUpperCase() + id.slice(1);
                return (
                  <li key={id}>
                    <label className="flex h-full cursor-pointer gap-3 rounded-lg border border-stone-300 p-4 has-[:checked]:border-stone-900 has-[:checked]:bg-stone-50 has-[:checked]:ring-1 has-[:checked]:ring-stone-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600">
                      <input
                        type="radio"
                        name="pack"
                        value={id}
                        required
                        defaultChecked={chosenPack === id}
                        aria-labelledby={`pack-${id}-name`}
                        aria-describedby={`pack-${id}-details`}
                        className="mt-1 size-4 shrink-0 accent-stone-900"
                      />
                      <span className="flex flex-col gap-1">
                        <span id={`pack-${id}-name`} className="flex flex-wrap items-baseline gap-x-2">
                          <span className="font-semibold">{name}</span>
                          <span className="text-xl font-semibold">{dollars(p.priceCents).replace(/\.00$/, "")}</span>
                        </span>
                        <span id={`pack-${id}-details`} className="text-sm text-stone-700">
                          {dollars(p.faceCents)} of credit for 5 years
                          {p.bonusCents > 0 ? `, plus ${dollars(p.bonusCents)} bonus for 12 months: ${dollars(p.faceCents + p.bonusCents)} to spend.` : ", no bonus."}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
            {badFields.has("pack") ? (
              <p id="pack-error" className="mt-2 text-sm text-red-700">
                {FIELD_HELP.pack}
              </p>
            ) : null}
          </fieldset>
          <label className="flex flex-col gap-1 text-sm sm:max-w-md">
            <span className="font-semibold">E-mail for the receipt (optional)</span>
            <input
              type="email"
              name="email"
              maxLength={254}
              autoComplete="email"
              defaultValue={one(q.email) ?? ""}
              aria-invalid={badFields.has("email") ? true : undefined}
              aria-describedby={badFields.has("email") ? "email-error" : undefined}
              className={inputClass}
            />
            {badFields.has("email") ? (
              <span id="email-error" className="text-red-700">
                {FIELD_HELP.email}
              </span>
            ) : null}
          </label>
          <div>
            <button type="submit" className={primaryButton}>
              Continue to payment
            </button>
            <p className="mt-2 text-sm text-stone-600">Keep the code you get: it is the only key to the credit.</p>
          </div>
        </form>
      </section>
    </article>
  );
}

function Expiry({ iso, now }: { iso: string; now: number }) {
  const day = iso.slice(0, 10);
  const past = new Date(iso).getTime() <= now;
  return (
    <>
      {past ? "Expired on " : "Usable until "}
      <time dateTime={iso}>{formatDay(day)}</time>
    </>
  );
}
