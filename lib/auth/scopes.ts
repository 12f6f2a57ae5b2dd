// Scopes narrow what a key may do (spec 5.3). A key issued with no scopes has all of them.
export const SCOPES = ["mail:quote", "mail:send", "mail:read", "mail:cancel", "credits:buy", "credits:read", "feedback:write"] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function keyAllows(keyScopes: readonly string[], needed: Scope): boolean {
  return keyScopes.length === 0 || keyScopes.includes(needed);
}
