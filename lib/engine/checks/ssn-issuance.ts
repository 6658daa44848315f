// SYNTHETIC_SSN_ISSUE_DATE and SYNTHETIC_SSN_BEFORE_BIRTH: when the SSA could have issued the
// SSN, read from the last high-group list before randomisation (2011-06-24). Within an area the
// SSA issued groups in a fixed order (lib/engine/ssa/group-order.ts), so a group before the
// area's highest group was used up by the list date, one after it had not been reached, and the
// highest group itself was still being issued (so either side of randomisation).
import { groupRank } from '../ssa/group-order';
import type { SsaTables } from '../ssa/types';
import type { Check, NormalizedRequest } from '../types';
import { AWAITING_PREFIX, makeCheck } from './make-check';
import { ssnStructure } from './ssn-structure';
import { DAY_MS, isoDay } from './time-spans';

type Period =
  | { kind: 'pre'; latest: Date; where: string }
  | { kind: 'post'; earliest: Date; why: string }
  | { kind: 'unknown'; why: string };

function areaWhere(tables: SsaTables, area: number): string {
  const line = tables.area(area);
  return line?.issued ? ` (area ${String(area).padStart(3, '0')}: ${line.label})` : '';
}

function period(digits: string, tables: SsaTables): Period {
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  const asOf = tables.highGroupsAsOf;
  const listDate = isoDay(asOf.getTime());
  const areaText = digits.slice(0, 3);
  const groupText = digits.slice(3, 5);
  const high = tables.highGroup(area);
  const after = new Date(asOf.getTime() + DAY_MS);
  if (high === null || high === 0) {
    return {
      kind: 'post',
      earliest: after,
      why: `Area ${areaText} had no group issued on the SSA high-group list of ${listDate}`,
    };
  }
  const rank = groupRank(group);
  const highRank = groupRank(high);
  const highText = String(high).padStart(2, '0');
  if (rank < highRank) {
    return {
      kind: 'pre',
      latest: asOf,
      where: `Group ${groupText} comes before area ${areaText}'s highest group ${highText} on the SSA list of ${listDate}${areaWhere(tables, area)}`,
    };
  }
  if (rank > highRank) {
    return {
      kind: 'post',
      earliest: after,
      why: `Group ${groupText} comes after area ${areaText}'s highest group ${highText} on the SSA list of ${listDate}`,
    };
  }
  return {
    kind: 'unknown',
    why: `Group ${groupText} is area ${areaText}'s highest group on the SSA list of ${listDate}: it was still being issued then, so the SSN may date from either side of the 2011-06-25 randomisation.`,
  };
}

/**
 * A US-born child gets its SSN in infancy (Enumeration at Birth, since 1987; a dependant needs
 * one on the parents' tax return from age 1): a first SSN at 5 or older is an immigrant's, or made up.
 */
const LATE_AGE = 5;

/** Whole years between a birthday (YYYY-MM-DD) and a date. */
function ageOn(birthday: string, on: Date): number {
  const [y, m, d] = birthday.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return Number.NaN;
  const before = on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d);
  return on.getUTCFullYear() - y - (before ? 1 : 0);
}

export function ssnIssuanceChecks(input: NormalizedRequest, tables: SsaTables | null | undefined): Check[] {
  const { ssn, birthday } = input;
  const both = (date: Check, birth: Check) => [date, birth];
  if (ssn === null) {
    return both(
      makeCheck('SYNTHETIC_SSN_ISSUE_DATE', 'NONE', 'No SSN was provided.'),
      makeCheck('SYNTHETIC_SSN_BEFORE_BIRTH', 'NONE', 'No SSN was provided.'),
    );
  }
  const noBirthday = makeCheck('SYNTHETIC_SSN_BEFORE_BIRTH', 'NONE', 'No birthday was provided.');
  const unknown = (why: string) =>
    both(
      makeCheck('SYNTHETIC_SSN_ISSUE_DATE', 'UNKNOWN', why),
      birthday === null ? noBirthday : makeCheck('SYNTHETIC_SSN_BEFORE_BIRTH', 'UNKNOWN', why),
    );
  if (ssn.kind === 'last4') {
    return unknown('Only the last four digits of the SSN were provided; the area and group cannot be dated.');
  }
  if (ssnStructure(ssn).state !== 'FALSE') {
    return unknown(
      'The SSN has a structure the SSA never issues (see SYNTHETIC_SSN_INVALID), so it cannot be dated.',
    );
  }
  if (!tables) return unknown(`${AWAITING_PREFIX}the SSA high-group table (npm run lists -- import DIR).`);

  const found = period(ssn.digits, tables);
  if (found.kind === 'unknown') {
    return both(
      makeCheck('SYNTHETIC_SSN_ISSUE_DATE', 'UNKNOWN', found.why),
      birthday === null
        ? noBirthday
        : makeCheck(
            'SYNTHETIC_SSN_BEFORE_BIRTH',
            'UNKNOWN',
            `${found.why} The tables cannot date it, so not against the birthday either.`,
          ),
    );
  }
  if (found.kind === 'pre') {
    const date = makeCheck(
      'SYNTHETIC_SSN_ISSUE_DATE',
      'PRE_2011',
      `${found.where}: issued by ${isoDay(found.latest.getTime())} at the latest.`,
    );
    if (birthday === null) return both(date, noBirthday);
    const beforeBirth = birthday > isoDay(found.latest.getTime());
    return both(
      date,
      beforeBirth
        ? makeCheck(
            'SYNTHETIC_SSN_BEFORE_BIRTH',
            'TRUE',
            `The SSN was issued by ${isoDay(found.latest.getTime())} at the latest, but the birthday is ${birthday}.`,
          )
        : makeCheck(
            'SYNTHETIC_SSN_BEFORE_BIRTH',
            'FALSE',
            `The SSN was issued by ${isoDay(found.latest.getTime())} at the latest, after the birthday ${birthday} or on an unknown earlier date; the tables do not date it before the birth.`,
          ),
    );
  }
  const earliest = isoDay(found.earliest.getTime());
  const base = `${found.why}: issued under randomisation, on or after ${earliest}`;
  if (birthday === null) {
    return both(makeCheck('SYNTHETIC_SSN_ISSUE_DATE', 'POST_2011', `${base}.`), noBirthday);
  }
  const age = ageOn(birthday, found.earliest);
  const date =
    age >= 18
      ? makeCheck(
          'SYNTHETIC_SSN_ISSUE_DATE',
          'POST_2011_ADULT',
          `${base}, when the person (born ${birthday}) was already ${age}.`,
        )
      : age >= LATE_AGE
        ? makeCheck(
            'SYNTHETIC_SSN_ISSUE_DATE',
            'POST_2011_LATE',
            `${base}, when the person (born ${birthday}) was already ${age}: not a number given at birth.`,
          )
        : makeCheck('SYNTHETIC_SSN_ISSUE_DATE', 'POST_2011', `${base}; the person was born ${birthday}.`);
  // Only an earliest date: it proves the SSN came after a birth before it, and nothing otherwise.
  return both(
    date,
    birthday <= earliest
      ? makeCheck(
          'SYNTHETIC_SSN_BEFORE_BIRTH',
          'FALSE',
          `The SSN was issued on or after ${earliest}, after the birthday ${birthday}.`,
        )
      : makeCheck(
          'SYNTHETIC_SSN_BEFORE_BIRTH',
          'UNKNOWN',
          `The SSN was issued on or after ${earliest}, and the tables give no latest issue date to compare with the birthday ${birthday}.`,
        ),
  );
}
