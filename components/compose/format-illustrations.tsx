import type { Format } from "@/lib/letters/formats";

// One small drawing per format, inline (no image requests). Decorative: the radio's label says it.

const stroke = { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinejoin: "round" as const, strokeLinecap: "round" as const };

function Letter() {
  return (
    <>
      <rect x="22" y="6" width="36" height="30" rx="1" className="fill-white" {...stroke} />
      <path d="M28 14h24M28 20h24M28 26h16" {...stroke} strokeWidth={1.5} />
      <rect x="10" y="24" width="60" height="32" rx="2" className="fill-stone-100" {...stroke} />
      <path d="M10 26l30 18 30-18" {...stroke} />
    </>
  );
}

function Windowed() {
  return (
    <>
      <rect x="10" y="14" width="60" height="36" rx="2" className="fill-stone-100" {...stroke} />
      <rect x="18" y="30" width="30" height="13" rx="1.5" className="fill-white" {...stroke} strokeWidth={1.5} />
      <path d="M22 35h18M22 39h12" {...stroke} strokeWidth={1.5} />
      <rect x="56" y="19" width="8" height="9" {...stroke} strokeWidth={1.5} />
    </>
  );
}

function Notecard() {
  return (
    <>
      <path d="M14 50l14-36h38l-14 36z" className="fill-stone-100" {...stroke} />
      <path d="M14 50h38" {...stroke} />
      <path d="M33 28c3-4 5 2 8-1s4-3 6 0 5 1 7-2M30 36c3-3 6 1 9-1s5 0 8-1" {...stroke} strokeWidth={1.5} />
    </>
  );
}

function Postcard({ w, h }: { w: number; h: number }) {
  const x = 40 - w / 2;
  const y = 30 - h / 2;
  return (
    <>
      <rect x={x} y={y} width={w} height={h} rx="1.5" className="fill-white" {...stroke} />
      <path d={`M${x + w / 2} ${y + 5}v${h - 10}`} {...stroke} strokeWidth={1} />
      <rect x={x + w - 11} y={y + 4} width="7" height="8" {...stroke} strokeWidth={1.5} />
      <path d={`M${x + w / 2 + 4} ${y + h / 2 + 2}h${w / 2 - 9}M${x + w / 2 + 4} ${y + h / 2 + 7}h${w / 2 - 12}`} {...stroke} strokeWidth={1.5} />
      <path d={`M${x + 5} ${y + 8}h${w / 2 - 10}M${x + 5} ${y + 13}h${w / 2 - 12}M${x + 5} ${y + 18}h${w / 2 - 14}`} {...stroke} strokeWidth={1.2} />
    </>
  );
}

const DRAWINGS: Record<Format, React.ReactNode> = {
  letter: <Letter />,
  letter_windowed: <Windowed />,
  notecard: <Notecard />,
  postcard_4x6: <Postcard w={42} h={28} />,
  postcard_6x9: <Postcard w={56} h={37} />,
  postcard_6x11: <Postcard w={70} h={38} />,
};

export function FormatIllustration({ format }: { format: Format }) {
  return (
    <svg viewBox="0 0 80 60" width="80" height="60" aria-hidden="true" focusable="false" className="text-stone-700">
      {DRAWINGS[format]}
    </svg>
  );
}
