// The key scopes, as clients see them: the browser-safe list (key-material.ts holds the same
// names next to the key generator; a unit test keeps the two equal).

export type { Scope } from '@/lib/services/keys/key-material';
export { KEY_SCOPES as SCOPES } from '@/lib/services/keys/key-requests';
