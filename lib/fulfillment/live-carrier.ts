// Whether a live print-and-mail carrier is configured. None exists yet (issue 5 adds Lob): live
// orders then go to the sandbox carrier in development and are refused, uncharged, in production.
export function liveCarrierConfigured(): boolean {
  return false;
}
