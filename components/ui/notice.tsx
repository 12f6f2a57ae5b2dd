// A message on a page: an error (read out at once, role="alert"), or information or success
// (role="status"). The one notice of the site's pages and the operator console.

const TONES = {
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-amber-300 bg-amber-50 text-amber-900",
  ok: "border-green-300 bg-green-50 text-green-900",
} as const;

export function Notice({ tone, children, id, testId, margin = "mt-4" }: { tone: keyof typeof TONES; children: React.ReactNode; id?: string; testId?: string; margin?: string }) {
  return (
    <p id={id} role={tone === "error" ? "alert" : "status"} className={`${margin} rounded border p-3 text-sm ${TONES[tone]}`} data-testid={testId}>
      {children}
    </p>
  );
}
