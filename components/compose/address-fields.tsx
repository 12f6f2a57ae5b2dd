"use client";

import { useEffect, useRef, useState } from "react";
import { PlaceCombobox, type Place } from "@/components/compose/place-combobox";
import { FieldError } from "@/components/ui/field-error";
import type { AddressDraft } from "@/components/compose/draft";
import type { FieldKey } from "@/components/compose/field-errors";
import type { QuotedAddress } from "@/components/compose/use-live-quote";

type Key = keyof AddressDraft;
type Field = { key: Key; label: string; autoComplete: string; className: string; maxLength: number; required?: boolean; extra?: React.InputHTMLAttributes<HTMLInputElement> };

const FIELDS: Field[] = [
  { key: "name", label: "Name", autoComplete: "name", className: "sm:col-span-6", maxLength: 80, required: true },
  { key: "line1", label: "Street address", autoComplete: "address-line1", className: "sm:col-span-6", maxLength: 120, required: true },
  { key: "line2", label: "Apartment, suite (optional)", autoComplete: "address-line2", className: "sm:col-span-6", maxLength: 120 },
  { key: "city", label: "City", autoComplete: "address-level2", className: "sm:col-span-3", maxLength: 80, required: true },
  { key: "state", label: "State", autoComplete: "address-level1", className: "sm:col-span-1", maxLength: 2, required: true, extra: { pattern: "[A-Za-z]{2}", title: "Two letters, e.g. NY", autoCapitalize: "characters" } },
  { key: "zip", label: "ZIP", autoComplete: "postal-code", className: "sm:col-span-2", maxLength: 10, required: true, extra: { inputMode: "numeric", pattern: "\\d{5}(-\\d{4})?", title: "Five digits, or ZIP+4 as 12345-6789" } },
];

const INPUT = "w-full rounded border border-stone-400 bg-white px-2 py-1.5 focus:outline-2 focus:outline-blue-600 aria-invalid:border-red-700";

type Props = {
  legend: string;
  idPrefix: "from" | "to";
  value: AddressDraft;
  onChange: (v: AddressDraft) => void;
  errors: Partial<Record<FieldKey, string>>;
  next?: string[];
  correction?: QuotedAddress;
  onAcceptCorrection: () => void;
};

export function AddressFields({ legend, idPrefix, value, onChange, errors, next, correction, onAcceptCorrection }: Props) {
  // Accepting a correction removes its button: the focus goes to a note saying what happened,
  // instead of being dropped on the page body. Any later edit of the address retires the note.
  const [accepted, setAccepted] = useState(false);
  const change = (v: AddressDraft) => {
    setAccepted(false);
    onChange(v);
  };
  const set = (key: Key, v: string) => change({ ...value, [key]: v });
  const fromPlace = (p: Place) => {
    // A city with several ZIPs keeps the ZIP typed: which one is the street's is for the sender.
    const zip = !p.zips || p.zips.length === 1 ? p.zip : value.zip;
    change({ ...value, city: p.city, state: p.state, zip });
  };
  const accept = () => {
    setAccepted(true);
    onAcceptCorrection();
  };
  const zipComplete = /^\d{5}/.test(value.zip.trim());

  return (
    <fieldset className="rounded-lg border border-stone-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-6">
        {FIELDS.map((f) => {
          const id = `${idPrefix}-${f.key}`;
          const error = errors[`${idPrefix}.${f.key}` as FieldKey];
          const inputProps: React.InputHTMLAttributes<HTMLInputElement> = {
            name: id,
            className: INPUT,
            autoComplete: `section-${idPrefix} ${f.autoComplete}`,
            maxLength: f.maxLength,
            required: f.required,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? `${id}-error` : undefined,
            ...f.extra,
          };
          return (
            <div key={f.key} className={`flex flex-col gap-1 text-sm ${f.className}`}>
              <label htmlFor={id}>{f.label}</label>
              {f.key === "city" ? (
                <PlaceCombobox id={id} label={`${legend} city`} value={value.city} onChange={(v) => set("city", v)} onPick={fromPlace} inputProps={inputProps} shouldSuggest={(v) => v.trim().length >= 3 && !zipComplete} />
              ) : f.key === "zip" ? (
                <PlaceCombobox
                  id={id}
                  label={`${legend} ZIP`}
                  value={value.zip}
                  onChange={(v) => set("zip", v)}
                  onPick={(p) => change({ ...value, city: p.city, state: p.state, zip: p.zip })}
                  inputProps={inputProps}
                  shouldSuggest={(v) => /^\d{3,5}$/.test(v.trim()) && (!value.city.trim() || !value.state.trim())}
                />
              ) : (
                <input {...inputProps} id={id} value={value[f.key]} onChange={(e) => set(f.key, e.target.value)} />
              )}
              <FieldError id={`${id}-error`} message={error} next={next} />
            </div>
          );
        })}
      </div>
      {correction ? <Correction who={idPrefix} address={correction} onAccept={accept} /> : accepted ? <CorrectionAccepted who={idPrefix} /> : null}
    </fieldset>
  );
}

export const addressLine = (a: QuotedAddress) => [a.name, a.line1, a.line2, `${a.city} ${a.state} ${a.zip}`].filter(Boolean).join(", ");

function Correction({ who, address, onAccept }: { who: "from" | "to"; address: QuotedAddress; onAccept: () => void }) {
  return (
    <div className="mt-3 flex flex-col gap-2 rounded bg-sky-50 p-3 text-sm text-sky-950 sm:flex-row sm:items-center sm:justify-between" data-testid={`address-correction-${who}`}>
      <p>
        <span className="font-semibold">The Postal Service writes this address as </span>
        <span className="font-mono">{addressLine(address)}</span>. It prints this way either way.
      </p>
      <button type="button" onClick={onAccept} className="shrink-0 rounded border border-sky-800 bg-white px-3 py-1 font-medium text-sky-900 hover:bg-sky-100">
        Use this address
      </button>
    </div>
  );
}

/** In the correction's place once it is accepted; it takes the focus its button had. */
function CorrectionAccepted({ who }: { who: "from" | "to" }) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => note.current?.focus(), []);
  return (
    <p ref={note} tabIndex={-1} className="mt-3 rounded bg-sky-50 p-3 text-sm text-sky-950 focus-visible:outline-2 focus-visible:outline-sky-800" data-testid={`address-corrected-${who}`}>
      Done: the address now reads as the Postal Service writes it.
    </p>
  );
}
