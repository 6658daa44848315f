import type { SocialProfileFacts } from '@/lib/engine/graph/facts';
import { HUB_LINK_LIMIT } from '@/lib/services/graph/observe';
import { type CheckExample, type ExampleExtras, example, NO_GRAPH } from '../check-example';
import { ago, daysAgo, person, profile, type Span, seen, spanText, withGraph, yearsAgo } from '../context';
import { EMAIL_ONLY, IP_ONLY } from '../requests';

/** The graph resolves the email to an identity with these linked social profiles. */
function profiles(note: string, linked: SocialProfileFacts[]): ExampleExtras {
  return {
    note,
    context: (base) =>
      withGraph(base, {
        emails: [seen(yearsAgo(6), daysAgo(5), 40)],
        person: person({ identifiers: 1 + linked.length, profiles: linked }),
      }),
  };
}

const oneProfile = (years: number) =>
  profiles(`The identity has one social profile (github), created ${years} years before the clock.`, [
    profile('github', yearsAgo(years)),
  ]);

const twoProfiles = (first: Span, second: Span) =>
  profiles(
    `The identity has two social profiles, created ${spanText(first)} and ${spanText(second)} before the clock.`,
    [profile('github', ago(first)), profile('x', ago(second))],
  );

const NO_PROFILE = { note: 'The identity graph links no social profile to the email.' };

export const digitalExamples: CheckExample[] = [
  example('DIGITAL_EXCESSIVE_CONNECTIVITY', 'TRUE', EMAIL_ONLY, {
    note: `The graph links the email to 60 other identifiers (one person's limit is ${HUB_LINK_LIMIT}) and flags it a hub.`,
    context: (base) =>
      withGraph(base, { connectivity: { hub: true, maxLinkCount: 60, linkLimit: HUB_LINK_LIMIT } }),
  }),
  example('DIGITAL_EXCESSIVE_CONNECTIVITY', 'FALSE', EMAIL_ONLY, {
    note: 'The graph links the email to no other identifier.',
  }),
  example('DIGITAL_EXCESSIVE_CONNECTIVITY', 'UNKNOWN', EMAIL_ONLY, NO_GRAPH),
  example('DIGITAL_EXCESSIVE_CONNECTIVITY', 'NONE', IP_ONLY),

  example('DIGITAL_NO_DIGITAL_FOOTPRINT', 'TRUE', EMAIL_ONLY, {
    note: 'The identity graph has never seen the email.',
  }),
  example('DIGITAL_NO_DIGITAL_FOOTPRINT', 'FALSE', EMAIL_ONLY, {
    note: 'The graph first saw the email 6 years before the clock, 40 times in all.',
    context: (base) => withGraph(base, { emails: [seen(yearsAgo(6), daysAgo(5), 40)], person: person() }),
  }),
  example('DIGITAL_NO_DIGITAL_FOOTPRINT', 'UNKNOWN', EMAIL_ONLY, NO_GRAPH),
  example('DIGITAL_NO_DIGITAL_FOOTPRINT', 'NONE', IP_ONLY),

  example('DIGITAL_NO_SOCIAL_NETWORK_PROFILES', 'TRUE', EMAIL_ONLY, NO_PROFILE),
  example('DIGITAL_NO_SOCIAL_NETWORK_PROFILES', 'FALSE', EMAIL_ONLY, oneProfile(8)),
  example(
    'DIGITAL_NO_SOCIAL_NETWORK_PROFILES',
    'FALSE',
    { ...EMAIL_ONLY, profiles: [{ service: 'github', username: 'janedoe' }] },
    { note: 'The request carries a profile; the identity graph has no record of it yet.' },
  ),
  example('DIGITAL_NO_SOCIAL_NETWORK_PROFILES', 'UNKNOWN', EMAIL_ONLY, NO_GRAPH),
  example('DIGITAL_NO_SOCIAL_NETWORK_PROFILES', 'NONE', IP_ONLY),

  example('DIGITAL_SOCIAL_AGE', 'NEW', EMAIL_ONLY, twoProfiles({ days: 100 }, { days: 200 })),
  example('DIGITAL_SOCIAL_AGE', 'RECENT', EMAIL_ONLY, oneProfile(3)),
  example('DIGITAL_SOCIAL_AGE', 'OLDER', EMAIL_ONLY, oneProfile(8)),
  example('DIGITAL_SOCIAL_AGE', 'UNKNOWN', EMAIL_ONLY, NO_GRAPH),
  example('DIGITAL_SOCIAL_AGE', 'NONE', EMAIL_ONLY, NO_PROFILE),

  example('DIGITAL_SOCIAL_NETWORK_AVG_AGE', 'NEW', EMAIL_ONLY, twoProfiles({ days: 100 }, { days: 200 })),
  example('DIGITAL_SOCIAL_NETWORK_AVG_AGE', 'RECENT', EMAIL_ONLY, twoProfiles({ years: 1 }, { years: 5 })),
  example('DIGITAL_SOCIAL_NETWORK_AVG_AGE', 'OLDER', EMAIL_ONLY, twoProfiles({ years: 6 }, { years: 10 })),
  example('DIGITAL_SOCIAL_NETWORK_AVG_AGE', 'UNKNOWN', EMAIL_ONLY, NO_GRAPH),
  example('DIGITAL_SOCIAL_NETWORK_AVG_AGE', 'NONE', EMAIL_ONLY, NO_PROFILE),

  example(
    'DIGITAL_SOCIAL_NETWORK_NON_US',
    'TRUE',
    EMAIL_ONLY,
    profiles('The identity has two social profiles, stating GB and DE.', [
      profile('github', yearsAgo(4), 'GB'),
      profile('x', yearsAgo(2), 'DE'),
    ]),
  ),
  example(
    'DIGITAL_SOCIAL_NETWORK_NON_US',
    'FALSE',
    EMAIL_ONLY,
    profiles('The identity has two social profiles, stating US and GB.', [
      profile('github', yearsAgo(4), 'US'),
      profile('x', yearsAgo(2), 'GB'),
    ]),
  ),
  example('DIGITAL_SOCIAL_NETWORK_NON_US', 'UNKNOWN', EMAIL_ONLY, NO_GRAPH),
  example('DIGITAL_SOCIAL_NETWORK_NON_US', 'NONE', EMAIL_ONLY, NO_PROFILE),
];
