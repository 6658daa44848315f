// State rows several checks share (lib/engine/checks/defs and the catalog).
// Shared state rows. UNKNOWN [NONE] is added to checks with no UNKNOWN of their own: the engine
// answers it while the data source a check needs is not loaded yet.
export const awaiting = {
  risk: 'NONE',
  meaning: 'The data source this check needs is not loaded yet.',
} as const;
export const noInput = { risk: 'NONE', meaning: 'The input this check reads was not provided.' } as const;
export const isFalse = { risk: 'NONE', meaning: 'The condition was checked and does not hold.' } as const;

export const ageStates = {
  NEW: { risk: 'MED', meaning: 'Less than a year old.' },
  RECENT: { risk: 'LOW', meaning: 'One to five years old.' },
  OLDER: { risk: 'NONE', meaning: 'Five years old or more.' },
  UNKNOWN: awaiting,
  NONE: {
    risk: 'NONE',
    meaning: 'No email, phone or profile was provided, or no linked social profile has a creation date.',
  },
} as const;

// Never observed: nothing to date. Records (breaches, carrier facts) are not sightings.
export const unseen = {
  risk: 'NONE',
  meaning: 'Never observed in the identity graph, or the graph was not consulted.',
} as const;

// A name-only hit that the birth year or country contradicts says little.
const WEIGHED =
  "LOW instead when the birth year (more than a year apart) or the country disagrees with the entry's " +
  'and nothing agrees; the description says which evidence agreed and which disagreed.';

export const sanctionStates = {
  INPUT_NAME_LOC: { risk: 'HIGH', weight: 6.0, meaning: 'The input name and location match a list entry.' },
  IDENTITY_NAME_LOC: {
    risk: 'HIGH',
    weight: 6.0,
    meaning:
      "The resolved identity's name and location match a list entry: a name the identity graph links " +
      'to the person, and the input location or an address the graph links to the person.',
    pinned: true,
  },
  INPUT_NAME: {
    risk: 'MED',
    meaning: `The input name alone matches a list entry. ${WEIGHED}`,
  },
  IDENTITY_NAME: {
    risk: 'MED',
    meaning:
      "The resolved identity's name alone matches a list entry (also when the request carries no name). " +
      WEIGHED,
  },
  NO_MATCH: { risk: 'NONE', meaning: 'No list entry matches the name.' },
  UNKNOWN: awaiting,
  NONE: {
    risk: 'NONE',
    meaning:
      'No name was provided and the identity graph links none to the person; the lists are matched by name.',
  },
} as const;

export const seenStates = {
  RECENT: { risk: 'NONE', weight: -0.2, meaning: 'Seen within the last year.' },
  OLDER: { risk: 'LOW', weight: 1.0, meaning: 'Last seen one to five years ago.' },
  LONG_AGO: { risk: 'LOW', weight: 1.0, meaning: 'Last seen more than five years ago.' },
  UNKNOWN: unseen,
  NONE: noInput,
} as const;

export const dnoStates = {
  TRUE: {
    risk: 'HIGH',
    meaning:
      'The latest carrier record flags the number do-not-originate, or a NANP rule says it cannot ' +
      'originate at all (an N11 service-code exchange, or a fictional 555-0100 to 555-0199 line).',
  },
  FALSE: { risk: 'NONE', meaning: 'The latest carrier record of the number does not flag it.' },
  UNKNOWN: {
    risk: 'NONE',
    meaning:
      'No carrier record of the number and no NANP rule speaks for it, or the phone records were not consulted.',
  },
  NONE: {
    risk: 'NONE',
    meaning:
      'No phone was provided, or only numbers not valid in their plan, not judged here ' +
      '(PHONE_FORMAT_INVALID carries them).',
  },
} as const;
