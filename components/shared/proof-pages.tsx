import { PAPER_INCHES, type Format } from "@/lib/letters/formats";
import { RECIPIENT_WINDOW_INCHES } from "@/lib/documents/address-block";

// Every page of a proof, as the service draws it (GET /v1/proofs/{id}.png?page=N), each a link to
// the PDF that prints. Page 1 loads at once (unless told); the rest as they are scrolled to, so a 60-page
// letter costs nothing until it is read. On a windowed letter, page 1 shows where the envelope's
// window falls: what shows through it is the address the carrier reads.

export type ProofRef = { pdf: string; png: string; pageCount: number };

type Props = {
  proof: ProofRef;
  format: Format;
  /** Whose proof, for the images' names: "your letter", "ord_…". */
  of: string;
  /** A column of full-width pages (the compose preview, the confirmation) or a row of small ones (the operator's queue). */
  layout: "column" | "row";
  /** The proof is of an earlier version of the letter. */
  outdated?: boolean;
  /** Whether page 1 loads at once (true) or, like the others, when scrolled to (a long list of proofs). */
  eager?: boolean;
};

const pageUrl = (png: string, n: number) => (n === 1 ? png : `${png}?page=${n}`);

export function ProofPages({ proof, format, of, layout, outdated = false, eager = true }: Props) {
  const [w, h] = PAPER_INCHES[format];
  const envelopeWindow = format === "letter_windowed" ? RECIPIENT_WINDOW_INCHES : null;
  const pages = Array.from({ length: proof.pageCount }, (_, i) => i + 1);
  return (
    <ol className={layout === "column" ? "flex flex-col gap-3" : "flex gap-3 overflow-x-auto pb-2"} data-testid="proof-pages">
      {pages.map((n) => (
        <li key={n} className={layout === "column" ? "w-full" : "w-40 shrink-0"}>
          <a href={proof.pdf} target="_blank" rel="noopener" className="relative block focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700">
            {/* eslint-disable-next-line @next/next/no-img-element -- the proof PNG is served by our own route, drawn once */}
            <img
              src={pageUrl(proof.png, n)}
              alt={`Page ${n} of ${proof.pageCount} of ${of}, as it will print; opens the proof PDF`}
              width={480}
              height={Math.round((480 * h) / w)}
              loading={n === 1 && eager ? "eager" : "lazy"}
              className={`h-auto w-full border border-stone-300 bg-white shadow-sm ${outdated ? "opacity-50" : ""}`}
            />
            {n === 1 && envelopeWindow ? (
              <span
                aria-hidden="true"
                className="absolute rounded-sm border-2 border-dashed border-blue-700/70"
                style={{ left: `${(envelopeWindow.x / w) * 100}%`, top: `${(envelopeWindow.top / h) * 100}%`, width: `${(envelopeWindow.width / w) * 100}%`, height: `${(envelopeWindow.height / h) * 100}%` }}
              />
            ) : null}
          </a>
          {layout === "column" && proof.pageCount > 1 ? <span className="mt-1 block text-center text-xs text-stone-600">Page {n} of {proof.pageCount}</span> : null}
        </li>
      ))}
    </ol>
  );
}
