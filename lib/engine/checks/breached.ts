// The Breached package: breach records (POST /api/records, kind breach) holding the input's
// identifiers or those of the identity they resolve to; the latest breach dates the compromise.
import type { BreachFacts } from '../graph/facts';
import type { Check, CheckContext, NormalizedRequest } from '../types';
import { hasName } from './input-presence';
import { awaitingCheck, makeCheck } from './make-check';
import { DAY_MS, dated, isoDay } from './time-spans';

/** Breaches named in a description; the rest are counted. */
const LISTED = 3;

/** Identifiers the graph can look breaches up by: a name or the last four SSN digits are too common. */
function lookable(input: NormalizedRequest): boolean {
  return (
    input.emails.length > 0 ||
    input.phones.some((phone) => phone.e164 !== null) ||
    input.ssn?.kind === 'full' ||
    input.profiles.length > 0
  );
}

const SOURCE = 'the breach records (POST /api/records, kind breach)';

/** FALSE only against a loaded breach corpus: with none, finding no breach proves nothing. */
function compromised(breaches: readonly BreachFacts[], loaded: number, now: Date): Check {
  const [latest, ...earlier] = breaches;
  if (latest === undefined) {
    if (loaded === 0) return awaitingCheck('BREACHED_IDENTITY_COMPROMISED', `${SOURCE}: none is loaded`);
    return makeCheck(
      'BREACHED_IDENTITY_COMPROMISED',
      'FALSE',
      `None of the ${loaded} breach records loaded holds an email, phone, SSN or profile of this identity.`,
    );
  }
  const age = now.getTime() - latest.breachedAtMs;
  const state = age <= 7 * DAY_MS ? 'HIGH' : age <= 30 * DAY_MS ? 'MED' : 'LOW';
  const listed = earlier.slice(0, LISTED).map((b) => `${b.breach} (${isoDay(b.breachedAtMs)})`);
  const more = earlier.length - listed.length;
  const others =
    earlier.length === 0 ? '' : ` Also in ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`;
  return makeCheck(
    'BREACHED_IDENTITY_COMPROMISED',
    state,
    `Identifiers of this identity appear in ${breaches.length === 1 ? 'one breach' : `${breaches.length} breaches`}; ` +
      `the latest, ${latest.breach}, on ${dated(latest.breachedAtMs, now.getTime())}.${others}`,
  );
}

export function breachedChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
  const searchable =
    input.emails.length > 0 ||
    input.phones.length > 0 ||
    input.ssn !== null ||
    input.profiles.length > 0 ||
    hasName(input);
  if (!searchable) {
    return [
      makeCheck(
        'BREACHED_IDENTITY_COMPROMISED',
        'NONE',
        'No email, phone, SSN, profile or name was provided to look up in breaches.',
      ),
    ];
  }
  if (ctx.graph === null) {
    return [awaitingCheck('BREACHED_IDENTITY_COMPROMISED', SOURCE)];
  }
  if (!lookable(input)) {
    return [
      makeCheck(
        'BREACHED_IDENTITY_COMPROMISED',
        'UNKNOWN',
        'Only a name or the last four SSN digits were provided; they are shared by too many people ' +
          'to look up in breaches.',
      ),
    ];
  }
  return [compromised(ctx.graph.breaches, ctx.graph.breachRecords ?? 0, ctx.now)];
}
