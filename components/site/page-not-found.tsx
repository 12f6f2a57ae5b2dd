/**
 * What a link that names nothing of ours shows. Pages render this themselves instead of calling
 * notFound(): in Next 16 a notFound() thrown by a dynamic page answers an empty
 * <html id="__next_error__"> shell whose text only JavaScript can draw
 * (https://github.com/vercel/next.js/issues/95613), and these pages must read without it.
 */
export function PageNotFound() {
  return (
    <article>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-semibold tracking-tight">We cannot find that page</h1>
      <p className="mt-2 text-stone-700">The link may be incomplete or may have expired. Links from our e-mails open the right page; copy the whole address if you pasted it.</p>
      <ul className="mt-4 list-disc pl-5">
        <li>
          <a className="underline" href="/">
            Send a letter
          </a>
        </li>
        <li>
          <a className="underline" href="/credits">
            Check a credit code
          </a>
        </li>
      </ul>
    </article>
  );
}
