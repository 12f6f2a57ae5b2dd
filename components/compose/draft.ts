"use client";

import { useCallback, useEffect, useState } from "react";
import { FORMATS, HANDWRITING, MAIL_CLASSES, isLetterFormat, type Format, type Handwriting, type MailClass } from "@/lib/letters/formats";
import { printsBrandMark } from "@/lib/quotes/pricing";

// The compose page's draft: everything the sender has entered, kept in localStorage so that a
// reload loses nothing. The credit code is deliberately not part of it (a code is money), and
// nothing about a card ever reaches this page.

export type AddressDraft = { name: string; line1: string; line2: string; city: string; state: string; zip: string };
export const emptyAddress: AddressDraft = { name: "", line1: "", line2: "", city: "", state: "", zip: "" };

export type UploadedPdf = { key: string; name: string; size: number };

export type Draft = {
  format: Format;
  mailClass: MailClass;
  handwriting: Handwriting;
  from: AddressDraft;
  to: AddressDraft;
  content: "text" | "pdf";
  text: string;
  upload: UploadedPdf | null;
  color: boolean;
  removeBranding: boolean;
  email: string;
  sandbox: boolean;
  payWith: "card" | "credit";
};

export const EMPTY_DRAFT: Draft = {
  format: "letter",
  mailClass: "first_class",
  handwriting: "script",
  from: emptyAddress,
  to: emptyAddress,
  content: "text",
  text: "",
  upload: null,
  color: false,
  removeBranding: false,
  email: "",
  sandbox: true,
  payWith: "card",
};

const STORAGE_KEY = "pm.compose.draft.v1";

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function readAddress(value: unknown): AddressDraft {
  const v = (value ?? {}) as Record<string, unknown>;
  const s = (k: keyof AddressDraft) => (typeof v[k] === "string" ? (v[k] as string) : "");
  return { name: s("name"), line1: s("line1"), line2: s("line2"), city: s("city"), state: s("state"), zip: s("zip") };
}

/** A stored draft, checked field by field: a draft from an older page never breaks this one. */
export function parseDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const upload = v.upload as UploadedPdf | null;
    return {
      format: pick(v.format, FORMATS, "letter"),
      mailClass: pick(v.mailClass, MAIL_CLASSES, "first_class"),
      handwriting: pick(v.handwriting, HANDWRITING, "script"),
      from: readAddress(v.from),
      to: readAddress(v.to),
      content: v.content === "pdf" ? "pdf" : "text",
      text: typeof v.text === "string" ? v.text : "",
      upload: upload && typeof upload.key === "string" && typeof upload.name === "string" ? { key: upload.key, name: upload.name, size: Number(upload.size) || 0 } : null,
      color: v.color === true,
      removeBranding: v.removeBranding === true,
      email: typeof v.email === "string" ? v.email : "",
      sandbox: v.sandbox !== false,
      payWith: v.payWith === "credit" ? "credit" : "card",
    };
  } catch {
    return null;
  }
}

export function useComposeDraft() {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let stored: Draft | null = null;
    try {
      stored = parseDraft(localStorage.getItem(STORAGE_KEY));
    } catch {
      // Storage disabled: the page works, the draft just is not kept.
    }
    if (stored) setDraft(stored);
    setLoaded(true);
  }, []);
  useEffect(() => {
    if (loaded) writeDraft(draft);
  }, [draft, loaded]);

  const update = useCallback(<K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((d) => ({ ...d, [field]: value })), []);
  /**
   * After sending: the letter is an order now. The return address, e-mail and mode stay.
   * Written at once, since the page is about to be left.
   */
  const clearLetter = useCallback((d: Draft) => {
    const kept = { ...EMPTY_DRAFT, from: d.from, email: d.email, sandbox: d.sandbox, payWith: d.payWith };
    writeDraft(kept);
    setDraft(kept);
  }, []);
  return { draft, update, loaded, clearLetter };
}

function writeDraft(d: Draft) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(d));
  } catch {
    // Full or disabled storage: nothing to do.
  }
}

export const isAddressComplete = (a: AddressDraft) =>
  Boolean(a.name.trim() && a.line1.trim() && a.city.trim()) && /^[A-Za-z]{2}$/.test(a.state.trim()) && /^\d{5}(-\d{4})?$/.test(a.zip.trim());

function toAddress(a: AddressDraft) {
  return { name: a.name, line1: a.line1, ...(a.line2.trim() ? { line2: a.line2 } : {}), city: a.city, state: a.state, zip: a.zip };
}

/** The effective mail class: postcards and notecards go First-Class only. */
export const effectiveClass = (d: Draft): MailClass => (isLetterFormat(d.format) ? d.mailClass : "first_class");

/**
 * The letter as POST /v1/quotes and POST /v1/orders take it (without e-mail and payment, which
 * a quote does not bind), or null while something it needs is missing.
 */
export function letterRequest(d: Draft) {
  const letterFormat = isLetterFormat(d.format);
  const mailClass = effectiveClass(d);
  const content = letterFormat && d.content === "pdf" ? (d.upload ? { upload_key: d.upload.key } : null) : d.text.trim() ? { text: d.text } : null;
  if (!content || !isAddressComplete(d.to) || !isAddressComplete(d.from)) return null;
  return {
    format: d.format,
    mail_class: mailClass,
    to: toAddress(d.to),
    from: toAddress(d.from),
    ...content,
    ...(letterFormat && d.color ? { color: true } : {}),
    ...(d.format === "notecard" ? { handwriting: d.handwriting } : {}),
    ...(d.removeBranding && printsBrandMark(d.format, mailClass) ? { remove_branding: true } : {}),
    sandbox: d.sandbox,
  };
}
export type LetterRequest = NonNullable<ReturnType<typeof letterRequest>>;
