// Runs every check package over one normalised request.
import {
  type Check,
  type CheckContext,
  type CheckPackage,
  type NormalizedRequest,
  RISK_ORDER,
} from '../types';
import { breachedChecks } from './breached';
import { digitalChecks } from './digital';
import { emailChecks } from './email';
import { identityChecks } from './identity';
import { ipAddressChecks } from './ip-address';
import { locationChecks } from './location';
import { phoneChecks } from './phone';
import { syntheticIdentityChecks } from './synthetic-identity';

export { CHECK_CATALOG, CHECK_IDS, type CheckId, type CheckState } from './catalog';

const PACKAGES = [
  breachedChecks,
  digitalChecks,
  emailChecks,
  identityChecks,
  ipAddressChecks,
  locationChecks,
  phoneChecks,
  syntheticIdentityChecks,
] as const;

/** Ties within a risk level read package by package, in this order. */
export const PACKAGE_ORDER: readonly CheckPackage[] = [
  'Breached',
  'Digital',
  'Email',
  'Identity',
  'IP Address',
  'Location',
  'Phone',
  'Synthetic Identity',
];

/** Most risky first (HIGH, MED, LOW, NONE), as the API orders `checks` (docs/api/operations.md); then package, then id. */
export function compareChecks(a: Check, b: Check): number {
  return (
    RISK_ORDER.indexOf(a.risk) - RISK_ORDER.indexOf(b.risk) ||
    PACKAGE_ORDER.indexOf(a.checkPackage) - PACKAGE_ORDER.indexOf(b.checkPackage) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Every check of the catalog, every time: a package whose input is absent answers NONE or UNKNOWN. */
export function runChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
  return PACKAGES.flatMap((run) => run(input, ctx)).sort(compareChecks);
}
