/**
 * A tracking link that names no letter: say how to get a good one. Rendered by the page itself
 * rather than through notFound(), whose not-found UI Next.js 16 only draws with JavaScript.
 */
export function TrackingNotFound() {
  return (
    <article>
      <h1 className="text-2xl font-semibold tracking-tight">We cannot find this letter</h1>
      <p className="mt-3 text-stone-700">
        No letter has this tracking link. Open the link from your receipt e-mail again, or copy it in full: it ends in a code of 16 lowercase letters and digits, such as
        <span className="font-mono"> /t/k3f9x2m1q8w7e6r5</span>.
      </p>
      <p className="mt-3 text-stone-700">
        <a className="font-semibold underline" href="/">
          Send a letter
        </a>
      </p>
    </article>
  );
}
