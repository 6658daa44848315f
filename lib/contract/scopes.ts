// The key scopes, defined once here (browser-safe): key-material.ts and the console's key
// schema take them from this module.

export const SCOPES = ['verify', 'signals', 'ingest', 'lists'] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
