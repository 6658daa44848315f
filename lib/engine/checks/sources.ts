// Where each check gets its evidence, for docs/checks.md and the console: each definition's
// source (lib/engine/checks/defs), and below those of the packages not converted yet. Read from
// each check's code: the request itself, the packages' lists, the built-in tables, the imported reference
// lists, DNS, and the identity graph (fed by POST /api/events, /api/records and the API calls).
import type { CheckId } from './catalog';
import { CHECK_DEFS } from './check-defs';
import { OBSERVATIONS, SSA } from './source-phrases';

type Defined = (typeof CHECK_DEFS)[number]['id'];

/** The sources of the packages not converted to definitions (lib/engine/checks/defs) yet. */
const LEGACY_SOURCES: Readonly<Record<Exclude<CheckId, Defined>, string>> = {
  SYNTHETIC_AGE_MISMATCH: `Identity graph: the earliest of the ${OBSERVATIONS} of the identity's emails, phones and profiles; the request birthday`,
  SYNTHETIC_EMAIL_MISMATCH: 'The request: the email local part against the name',
  SYNTHETIC_NAME_ADDRESS_NO_MATCH: 'Identity graph: the names linked to the street address',
  SYNTHETIC_SSN_BEFORE_BIRTH: `${SSA}; the request birthday`,
  SYNTHETIC_SSN_INVALID:
    'The request: built-in SSA never-issued rules (area 000, 666, 900-999; group 00; serial 0000), IRS ' +
    'ITIN groups and published sample numbers',
  SYNTHETIC_SSN_ISSUE_DATE: `${SSA}; the request birthday`,
  SYNTHETIC_SSN_SHARED: 'Identity graph: the names and identity clusters linked to the full SSN',
};

export const CHECK_SOURCES: Readonly<Record<CheckId, string>> = {
  ...(Object.fromEntries(CHECK_DEFS.map((def) => [def.id, def.source])) as Record<Defined, string>),
  ...LEGACY_SOURCES,
};
