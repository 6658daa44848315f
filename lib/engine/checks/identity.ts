// The Identity package: the sanctions lists, matched by name; the lists are not imported yet.
import type { Check, CheckContext, NormalizedRequest } from '../types';
import { hasName } from './input-presence';
import { type AwaitableId, awaitingCheck, makeCheck } from './make-check';

const LISTS = {
  IDENTITY_CA_SANCTION_LIST: 'Canada Consolidated Autonomous Sanctions List',
  IDENTITY_EU_SANCTION_LIST: 'EU Consolidated Financial Sanctions List',
  IDENTITY_OFAC_LIST: 'OFAC SDN',
  IDENTITY_UK_SANCTION_LIST: 'UK Sanctions List',
  IDENTITY_UN_SANCTION_LIST: 'UN Security Council Consolidated List',
} as const satisfies Partial<Record<AwaitableId, string>>;

type IdentityId = keyof typeof LISTS;

export function identityChecks(input: NormalizedRequest, _ctx: CheckContext): Check[] {
  const named = hasName(input);
  return (Object.keys(LISTS) as IdentityId[]).map((id) =>
    named
      ? awaitingCheck(id, `the sanctions list import (${LISTS[id]})`)
      : makeCheck(id, 'NONE', 'No name was provided; the sanctions lists are matched by name.'),
  );
}
