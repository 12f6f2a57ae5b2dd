// The pages people wait on (issue 22: ≥ 50 % of the ceiling where they are the same for
// everyone): the compose page, credits, reviews and the API reference's front page (app/page.tsx,
// app/credits/page.tsx, app/reviews/page.tsx, app/docs/api/page.tsx), each loaded like the API
// routes, without query parameters: what a first visit asks for.

export const PAGES = [
  { name: "compose page", path: "/" },
  { name: "credits page", path: "/credits" },
  { name: "reviews page", path: "/reviews" },
  { name: "API reference", path: "/docs/api" },
] as const;

/**
 * Each page must answer 200 with HTML before it is timed: a redirect or an error page is fast
 * and would make a fine-looking row. Asked a few times, which also keeps each route's first
 * load (Next.js loads a route's code on its first request) out of the run.
 */
export async function checkPages(baseUrl: string) {
  for (const page of PAGES) {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${baseUrl}${page.path}`, { redirect: "manual", signal: AbortSignal.timeout(30_000) });
      const body = await res.text();
      const type = res.headers.get("content-type") ?? "";
      if (res.status !== 200 || !type.startsWith("text/html")) {
        throw new Error(`GET ${page.path} (${page.name}) answered ${res.status} ${type}, not 200 text/html: ${body.slice(0, 300)}`);
      }
    }
  }
}
