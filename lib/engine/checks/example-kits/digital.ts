// The Digital examples' shared contexts (lib/engine/checks/defs/digital-*.ts).
import type { SocialProfileFacts } from '../../graph/facts';
import type { ExampleExtras } from '../check-def';
import {
  ago,
  daysAgo,
  person,
  profile,
  type Span,
  seen,
  spanText,
  withGraph,
  yearsAgo,
} from '../example-kit';

/** HUB_LINK_LIMIT of lib/services/graph/observe.ts, which the engine may not import; a unit test keeps them equal. */
export const EXAMPLE_LINK_LIMIT = 25;

/** The graph resolves the email to an identity with these linked social profiles. */
export function profiles(note: string, linked: SocialProfileFacts[]): ExampleExtras {
  return {
    note,
    context: (base) =>
      withGraph(base, {
        emails: [seen(yearsAgo(6), daysAgo(5), 40)],
        person: person({ identifiers: 1 + linked.length, profiles: linked }),
      }),
  };
}

export const oneProfile = (years: number) =>
  profiles(`The identity has one social profile (github), created ${years} years before the clock.`, [
    profile('github', yearsAgo(years)),
  ]);

export const twoProfiles = (first: Span, second: Span) =>
  profiles(
    `The identity has two social profiles, created ${spanText(first)} and ${spanText(second)} before the clock.`,
    [profile('github', ago(first)), profile('x', ago(second))],
  );

export const NO_PROFILE = { note: 'The identity graph links no social profile to the email.' };
