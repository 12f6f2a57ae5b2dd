// The content-screening port: every letter is screened before it prints (spec 1), sandbox
// included. The rule-based screener is the default; a model-backed one may sit behind the same
// port later.

export type RefusalCategory =
  | "threat"
  | "extortion"
  | "fraud_fake_invoice"
  | "fraud_phishing"
  | "fraud_advance_fee"
  | "impersonation_government"
  | "impersonation_court"
  | "impersonation_police"
  | "impersonation_utility"
  | "impersonation_bank";

export type ScreeningVerdict = {
  decision: "allow" | "refuse" | "review";
  /** The category that decided a refusal or a review; null when allowed. */
  category: RefusalCategory | null;
  /** For refusals: what the sender reads in `refusal_reason`. For reviews: what the operator reads. */
  reason: string | null;
  /** The evidence, for operators and tests (never shown to the recipient). */
  signals: string[];
};

export interface Screener {
  readonly name: string;
  screen(text: string): Promise<ScreeningVerdict>;
}
