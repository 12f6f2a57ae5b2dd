import { addressLines, RECIPIENT_WINDOW_INCHES, type PrintedAddress } from "@/lib/documents/address-block";
import type { Format } from "@/lib/letters/formats";

// The outside of the envelope, drawn to scale: what the carrier and the recipient see first. An
// open-face letter and a notecard have the addresses printed on the envelope; a windowed letter
// shows page 1's addresses through its windows (the proof's page 1 marks where they fall).
// Postcards have no envelope: the proof's page is their address side.

const ENVELOPES: Partial<Record<Format, { label: string; inches: [number, number] }>> = {
  letter: { label: "#10 envelope", inches: [9.5, 4.125] },
  letter_windowed: { label: "#10 double-window envelope", inches: [9.5, 4.125] },
  notecard: { label: "A7 envelope", inches: [7.25, 5.25] },
};

const pct = (part: number, whole: number) => `${(part / whole) * 100}%`;

export function EnvelopePreview({ format, from, to }: { format: Format; from: PrintedAddress; to: PrintedAddress }) {
  const envelope = ENVELOPES[format];
  if (!envelope) return <p className="text-xs text-stone-600">A postcard has no envelope: the page above is its address side, as it will be mailed.</p>;
  const [w, h] = envelope.inches;
  const windowed = format === "letter_windowed";
  // The recipient window sits where page 1's block falls once the letter is folded in thirds; on
  // the envelope it is measured from the envelope's left edge and, folded, about as far down.
  const recipient = windowed ? { left: pct(RECIPIENT_WINDOW_INCHES.x, w), top: pct(RECIPIENT_WINDOW_INCHES.top, h), width: pct(RECIPIENT_WINDOW_INCHES.width, w) } : { left: "38%", top: "45%", width: "55%" };
  return (
    <figure className="flex flex-col gap-1" data-testid="envelope-preview">
      <div className="relative w-full border border-stone-300 bg-[#fbf8f1] shadow-sm" style={{ aspectRatio: `${w} / ${h}` }}>
        <Block lines={addressLines(from)} className="left-[4%] top-[7%] w-[45%] text-[0.55rem]" windowed={windowed} />
        <span aria-hidden="true" className="absolute right-[4%] top-[7%] flex aspect-[4/5] w-[9%] items-center justify-center border border-dashed border-stone-400 text-[0.5rem] text-stone-500">
          Postage
        </span>
        <Block lines={addressLines(to)} className={`${windowed ? "text-[0.55rem]" : "text-[0.65rem]"} font-semibold`} style={recipient} windowed={windowed} />
      </div>
      <figcaption className="text-xs text-stone-600">
        The {envelope.label}, {windowed ? "with page 1's addresses showing through its windows" : "addressed as it will be mailed"}.
      </figcaption>
    </figure>
  );
}

function Block({ lines, className, style, windowed }: { lines: string[]; className: string; style?: React.CSSProperties; windowed: boolean }) {
  return (
    <span className={`absolute overflow-hidden leading-tight whitespace-pre ${windowed ? "rounded-sm border border-dashed border-blue-700/60 bg-white/80 p-[1%]" : ""} ${className}`} style={style}>
      {lines.join("\n")}
    </span>
  );
}
