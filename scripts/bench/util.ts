export function sleep(ms: number) {
  return new Promise<void>((r) => setTimeout(r, ms));
}

export function round(n: number, digits: number) {
  const f = 10 ** digits;
  return Math.round((n ?? 0) * f) / f;
}

export function positiveNumber(value: string | undefined, fallback: number) {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}
