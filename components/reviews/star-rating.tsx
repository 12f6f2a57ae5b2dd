const STAR = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

/**
 * A rating as five drawn stars, one image to assistive technology ("4 out of 5 stars"). Drawn,
 * not typed: star characters are text, and pale empty stars would fail text contrast.
 */
export function StarRating({ stars, size = "size-5" }: { stars: number; size?: string }) {
  return (
    <span role="img" aria-label={`${stars} out of 5 stars`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} viewBox="0 0 20 20" aria-hidden="true" className={`${size} ${n <= stars ? "fill-amber-500 stroke-amber-600" : "fill-white stroke-stone-400"}`} strokeWidth="1">
          <path d={STAR} strokeLinejoin="round" />
        </svg>
      ))}
    </span>
  );
}
