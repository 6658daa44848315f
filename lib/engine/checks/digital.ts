// The Digital package: every check reads the identity graph, which is not wired in yet.
import type { Check, CheckContext, NormalizedRequest } from '../types';
import { type AwaitableId, awaitingCheck, makeCheck } from './make-check';

const SOURCES = {
  DIGITAL_EXCESSIVE_CONNECTIVITY: "the identity graph's links between identifiers",
  DIGITAL_NO_DIGITAL_FOOTPRINT: "the identity graph's observations of these identifiers",
  DIGITAL_NO_SOCIAL_NETWORK_PROFILES: "the identity graph's social profile records",
  DIGITAL_SOCIAL_AGE: "the identity graph's social profile records (creation dates)",
  DIGITAL_SOCIAL_NETWORK_AVG_AGE: "the identity graph's social profile records (creation dates)",
  DIGITAL_SOCIAL_NETWORK_NON_US: "the identity graph's social profile records (countries)",
} as const satisfies Partial<Record<AwaitableId, string>>;

type DigitalId = keyof typeof SOURCES;

export function digitalChecks(input: NormalizedRequest, _ctx: CheckContext): Check[] {
  const present = input.emails.length > 0 || input.phones.length > 0 || input.profiles.length > 0;
  return (Object.keys(SOURCES) as DigitalId[]).map((id) =>
    present
      ? awaitingCheck(id, SOURCES[id])
      : makeCheck(id, 'NONE', 'No email, phone or social profile was provided.'),
  );
}
