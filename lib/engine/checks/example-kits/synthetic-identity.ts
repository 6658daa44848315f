// The Synthetic Identity examples' shared requests and contexts (lib/engine/checks/defs/synthetic-identity-*.ts).
import type { ExampleExtras } from '../check-def';
import { person, SSA_ROWS, seen, withGraph } from '../example-kit';

export const at = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const firstSighting = (day: string): ExampleExtras => ({
  note: `The graph first saw the email on ${day} (the identity's earliest sighting).`,
  context: (base) =>
    withGraph(base, {
      emails: [seen(at(day))],
      person: person({ oldestSighting: { ms: at(day), kind: 'email' } }),
    }),
});

export const HOME = {
  addressLine1: '350 Oak Street',
  city: 'San Francisco',
  regionCode: 'CA',
  postalCode: '94102',
  countryCode: 'US',
} as const;

export const residents = (names: number, inputNameLinked: boolean): ExampleExtras => ({
  note:
    `The identity graph knows ${names} names at 350 Oak Street, San Francisco, 94102` +
    `${inputNameLinked ? ', Jane Doe among them' : ', none of them Jane Doe'}.`,
  context: (base) => withGraph(base, { address: { known: true, names, inputNameLinked } }),
});

export const SSA_NOTE = `The SSA high-group list of ${SSA_ROWS.asOf} gives area 001 (New Hampshire) the highest group 11.`;
export const SSA_LOADED = { note: SSA_NOTE } as const;

/** Area 001's groups 03, 11 and 13 come before, at and after its highest group 11 in SSA order. */
export const PRE = '001-03-4567';
export const HIGHEST = '001-11-4567';
export const POST = '001-13-4567';
