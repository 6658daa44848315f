// Where each check gets its evidence, for docs/checks.md and the console: each definition's
// source (lib/engine/checks/defs), read from its check's code: the request itself, the packages'
// lists, the built-in tables, the imported reference lists, DNS, and the identity graph (fed by
// POST /api/events, /api/records and the API calls).
import type { CheckId } from './catalog';
import { CHECK_DEFS } from './check-defs';

// Object.fromEntries loses the keys; CheckId is derived from the same CHECK_DEFS.
export const CHECK_SOURCES = Object.fromEntries(CHECK_DEFS.map((def) => [def.id, def.source])) as Readonly<
  Record<CheckId, string>
>;
