// Every check definition, in catalog order (package, then id): the catalog, the sources and the
// examples of docs/checks.md are derived from this list.
import { breachedIdentityCompromised } from './defs/breached-identity-compromised';

export const CHECK_DEFS = [breachedIdentityCompromised] as const;
