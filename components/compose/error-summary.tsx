import type { Envelope } from "@/components/compose/api";

const FIELD_NAMES: Record<string, string> = {
  name: "Name",
  line1: "Street address",
  line2: "Apartment, suite",
  city: "City",
  state: "State",
  zip: "ZIP",
};

/** Where a field key's input is, and what to call it in a link. */
function fieldLink(key: string): { href: string; label: string } {
  const [who, field] = key.split(".");
  if (field) return { href: `#${who}-${field}`, label: `${who === "to" ? "To" : "From"}: ${FIELD_NAMES[field] ?? field}` };
  if (key === "content") return { href: "#content-heading", label: "The letter" };
  if (key === "credit_code") return { href: "#credit-code", label: "Credit code" };
  if (key === "email") return { href: "#email", label: "E-mail" };
  return { href: "#mail-class", label: "Mail class" };
}

/** An API failure, said in full (its reason and next steps), with links to the fields it names. */
export function ErrorSummary({ title, error, fields }: { title: string; error: Envelope; fields: string[] }) {
  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-950">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{error.reason}</p>
      {error.next?.length ? (
        <ul className="mt-1 list-disc pl-5">
          {error.next.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {fields.length ? (
        <p className="mt-2">
          Fix:{" "}
          {fields.map((f, i) => {
            const { href, label } = fieldLink(f);
            return (
              <span key={f}>
                {i ? ", " : ""}
                <a href={href} className="font-medium underline">{label}</a>
              </span>
            );
          })}
        </p>
      ) : null}
    </div>
  );
}
