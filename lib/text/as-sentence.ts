/**
 * A reason written by a person (an operator's refusal, a carrier's message) may or may not end
 * its sentence; pages put more words after it. End it exactly once.
 */
export function asSentence(text: string): string {
  const t = text.trim();
  return /[.!?]["”')]?$/.test(t) ? t : `${t}.`;
}
