"use client";

export type AddressDraft = { name: string; line1: string; line2: string; city: string; state: string; zip: string };
export const emptyAddress: AddressDraft = { name: "", line1: "", line2: "", city: "", state: "", zip: "" };

const FIELDS: { key: keyof AddressDraft; label: string; autoComplete: string; className: string; maxLength: number; required?: boolean }[] = [
  { key: "name", label: "Name", autoComplete: "name", className: "sm:col-span-6", maxLength: 80, required: true },
  { key: "line1", label: "Street address", autoComplete: "address-line1", className: "sm:col-span-6", maxLength: 120, required: true },
  { key: "line2", label: "Apartment, suite (optional)", autoComplete: "address-line2", className: "sm:col-span-6", maxLength: 120 },
  { key: "city", label: "City", autoComplete: "address-level2", className: "sm:col-span-3", maxLength: 80, required: true },
  { key: "state", label: "State", autoComplete: "address-level1", className: "sm:col-span-1", maxLength: 2, required: true },
  { key: "zip", label: "ZIP", autoComplete: "postal-code", className: "sm:col-span-2", maxLength: 10, required: true },
];

export function AddressFields(props: { legend: string; idPrefix: string; value: AddressDraft; onChange: (v: AddressDraft) => void }) {
  return (
    <fieldset className="rounded-lg border border-stone-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold">{props.legend}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-6">
        {FIELDS.map((f) => (
          <label key={f.key} className={`flex flex-col gap-1 text-sm ${f.className}`}>
            <span>{f.label}</span>
            <input
              id={`${props.idPrefix}-${f.key}`}
              name={`${props.idPrefix}-${f.key}`}
              className="rounded border border-stone-300 px-2 py-1.5 focus:outline-2 focus:outline-blue-600"
              autoComplete={`section-${props.idPrefix} ${f.autoComplete}`}
              maxLength={f.maxLength}
              required={f.required}
              value={props.value[f.key]}
              onChange={(e) => props.onChange({ ...props.value, [f.key]: e.target.value })}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
