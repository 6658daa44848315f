// The Digital package: how the identity lives online, read from the identity graph.
import type { GraphFacts } from '../graph/facts';
import type { Check, CheckContext, NormalizedRequest } from '../types';
import { CONTACT_SOURCE, contactChange } from './contact-change';
import { type AwaitableId, awaitingCheck, makeCheck } from './make-check';
import { noProfiles, socialChecks } from './social-profiles';

const SOURCES = {
  DIGITAL_CONTACT_CHANGE: CONTACT_SOURCE,
  DIGITAL_EXCESSIVE_CONNECTIVITY: "the identity graph's links between identifiers",
  DIGITAL_NO_DIGITAL_FOOTPRINT: "the identity graph's observations of these identifiers",
  DIGITAL_NO_SOCIAL_NETWORK_PROFILES: "the identity graph's social profile records",
  DIGITAL_SOCIAL_AGE: "the identity graph's social profile records (creation dates)",
  DIGITAL_SOCIAL_NETWORK_AVG_AGE: "the identity graph's social profile records (creation dates)",
  DIGITAL_SOCIAL_NETWORK_NON_US: "the identity graph's social profile records (countries)",
} as const satisfies Partial<Record<AwaitableId, string>>;

type DigitalId = keyof typeof SOURCES;

const counted = (n: number) => `${n} identifier${n === 1 ? '' : 's'}`;

/** TRUE when an input identifier is a hub, or linked to more identifiers than the hub limit. */
function connectivity({ connectivity: facts }: GraphFacts): Check {
  const { hub, maxLinkCount, linkLimit } = facts;
  const links = `${maxLinkCount} other identifier${maxLinkCount === 1 ? '' : 's'}`;
  if (hub || maxLinkCount > linkLimit) {
    return makeCheck(
      'DIGITAL_EXCESSIVE_CONNECTIVITY',
      'TRUE',
      `An input identifier is linked to ${links} (emails, phones, SSNs or profiles), more than one ` +
        `person has (limit ${linkLimit})` +
        `${hub ? '; the graph flags it as a hub and no longer merges through it' : ''}.`,
    );
  }
  const most =
    maxLinkCount === 0
      ? 'no other email, phone, SSN or profile'
      : `at most ${links} (emails, phones, SSNs or profiles)`;
  return makeCheck(
    'DIGITAL_EXCESSIVE_CONNECTIVITY',
    'FALSE',
    `The input identifiers are linked to ${most}; one person's limit is ${linkLimit}.`,
  );
}

/** TRUE when neither the input's identifiers nor the identity's were ever observed in activity. */
function footprint(graph: GraphFacts): Check {
  const person = graph.person;
  const seen =
    graph.emails.some((email) => email !== null) ||
    graph.phones.some((phone) => phone.seen !== null) ||
    (person !== null && person.observedIdentifiers > 0);
  if (person === null) {
    return makeCheck(
      'DIGITAL_NO_DIGITAL_FOOTPRINT',
      'TRUE',
      'None of the input emails, phones or profiles is known to the identity graph.',
    );
  }
  const known = `${counted(person.identifiers)} (emails, phones, SSNs or profiles)`;
  if (!seen) {
    return makeCheck(
      'DIGITAL_NO_DIGITAL_FOOTPRINT',
      'TRUE',
      // A join reads the graph as of the session's start, so its own calls are no activity either.
      `The identity graph knows ${known} of this identity, none seen in activity before this ` +
        "session: only from records (breaches, carrier or profile facts) or from the session's own calls.",
    );
  }
  return makeCheck(
    'DIGITAL_NO_DIGITAL_FOOTPRINT',
    'FALSE',
    `${person.observedIdentifiers} of the ${known} of this identity ` +
      `${person.observedIdentifiers === 1 ? 'has' : 'have'} been observed in activity.`,
  );
}

export function digitalChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
  const present = input.emails.length > 0 || input.phones.length > 0 || input.profiles.length > 0;
  const ids = Object.keys(SOURCES) as DigitalId[];
  if (!present)
    return ids.map((id) => makeCheck(id, 'NONE', 'No email, phone or social profile was provided.'));
  const graph = ctx.graph;
  // The request's own profiles answer DIGITAL_NO_SOCIAL_NETWORK_PROFILES without the graph.
  if (graph === null) {
    return ids.map((id) =>
      id === 'DIGITAL_NO_SOCIAL_NETWORK_PROFILES' && input.profiles.length > 0
        ? noProfiles([], input.profiles)
        : awaitingCheck(id, SOURCES[id]),
    );
  }
  return [
    contactChange(graph, ctx.now.getTime()),
    connectivity(graph),
    footprint(graph),
    ...socialChecks(graph.person?.profiles ?? [], ctx.now, input.profiles),
  ];
}
