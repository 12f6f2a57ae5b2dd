import { ApiError } from "@/lib/errors/api-error";

// PostgreSQL stores no NUL in text or jsonb (a NUL in feedback was a 500), and no other C0
// control character belongs in a letter, an address or a note either: a print file would
// show a box, a webhook receiver might choke. Tab, line feed and carriage return are text.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Refuses any string in `value` (at any depth) that holds a control character, with a 400
 * validation_error that names the field, e.g. `body.message`. Run at the edge, before schemas.
 */
export function refuseControlCharacters(value: unknown, where: string): void {
  const found = findControlCharacter(value, where);
  if (found) {
    const hex = found.char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    throw new ApiError("validation_error", `\`${found.path}\` contains a control character (U+${hex}), which cannot be printed or stored; remove it.`);
  }
}

function findControlCharacter(value: unknown, path: string, depth = 0): { path: string; char: string } | null {
  if (typeof value === "string") {
    const m = CONTROL.exec(value);
    return m ? { path, char: m[0] } : null;
  }
  if (depth > 32 || value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const f = findControlCharacter(value[i], `${path}[${i}]`, depth + 1);
      if (f) return f;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const keyHit = CONTROL.exec(k);
    if (keyHit) return { path: `${path}.${k.replace(CONTROL, "?")}`, char: keyHit[0] };
    const f = findControlCharacter(v, `${path}.${k}`, depth + 1);
    if (f) return f;
  }
  return null;
}
