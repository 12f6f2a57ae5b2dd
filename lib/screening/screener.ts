// The content-screening port: every letter is screened before it prints (spec 1), sandbox
// included. The service screens with two independent keys (two-key-screener.ts): a classifier
// trained on labelled letters, and an intent frame read by rules. A hosted model may give a
// second opinion on held letters, in the worker (second-opinion/).

import type { LeastReadPassage } from "@/lib/screening/unread-passages";

export const REFUSAL_CATEGORIES = [
  "threat",
  "extortion",
  "fraud_fake_invoice",
  "fraud_phishing",
  "fraud_advance_fee",
  "fraud_romance",
  "impersonation_government",
  "impersonation_court",
  "impersonation_police",
  "impersonation_utility",
  "impersonation_bank",
  "impersonation_business",
] as const;

export type RefusalCategory = (typeof REFUSAL_CATEGORIES)[number];

export const isRefusalCategory = (c: unknown): c is RefusalCategory => (REFUSAL_CATEGORIES as readonly unknown[]).includes(c);

/** What the screener saw, for operators (the review queue) and for tests; never shown to the recipient. */
export type ScreeningEvidence = {
  /** The classifier artifact's corpus hash (first 12 hex digits): which model scored the letter. */
  model: string;
  classifier: {
    /** 1 - P(allow). */
    harm: number;
    category: RefusalCategory;
    /** At or above the calibrated refusal threshold: the classifier's key turns. */
    key: boolean;
  };
  frame: {
    category: RefusalCategory | null;
    score: number;
    /** The frame names a harmful intent: its key turns. */
    key: boolean;
    /** Strong enough to hold a letter on its own. */
    specific: boolean;
    signals: string[];
  };
  /** Set when a passage is mostly words no training letter used, which held the letter (unread-passages.ts). */
  unread?: LeastReadPassage;
};

export type ScreeningVerdict = {
  decision: "allow" | "refuse" | "review";
  /** The category that decided a refusal or a review; null when allowed. */
  category: RefusalCategory | null;
  /** For refusals: what the sender reads in `refusal_reason`. For reviews: what the operator reads. */
  reason: string | null;
  evidence: ScreeningEvidence;
};

export interface Screener {
  readonly name: string;
  screen(text: string): Promise<ScreeningVerdict>;
}
