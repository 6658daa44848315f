// Where each check gets its evidence, for docs/checks.md and the console: each definition's
// source (lib/engine/checks/defs), and below those of the packages not converted yet. Read from
// each check's code: the request itself, the packages' lists, the built-in tables, the imported reference
// lists, DNS, and the identity graph (fed by POST /api/events, /api/records and the API calls).
import type { CheckId } from './catalog';
import { CHECK_DEFS } from './check-defs';

type Defined = (typeof CHECK_DEFS)[number]['id'];

/** The sources of the packages not converted to definitions (lib/engine/checks/defs) yet. */
const LEGACY_SOURCES: Readonly<Record<Exclude<CheckId, Defined>, string>> = {};

export const CHECK_SOURCES: Readonly<Record<CheckId, string>> = {
  ...(Object.fromEntries(CHECK_DEFS.map((def) => [def.id, def.source])) as Record<Defined, string>),
  ...LEGACY_SOURCES,
};
