// The one table of checks: ids, packages, names, every state the engine may answer and the
// default risk of each. docs/checks.md and the console read it. It is derived from the check
// definitions (lib/engine/checks/defs, one module per check); the packages not converted yet
// keep their rows in LEGACY_CATALOG below.
// One rule sits outside the table: a check whose data source is not loaded yet answers UNKNOWN
// at risk NONE (awaitingCheck), even where the table's UNKNOWN has a risk, unless it is pinned.
import type { AnyCheckDef, CheckSpec } from './check-def';
import { CHECK_DEFS } from './check-defs';

export type { CheckSpec, StateSpec } from './check-def';

type Defined = (typeof CHECK_DEFS)[number];

/** The catalog rows of the definitions, keyed by id, each keeping its literal states. */
type DefinedCatalog = {
  readonly [D in Defined as D['id']]: {
    readonly checkPackage: D['checkPackage'];
    readonly name: string;
    readonly states: D['states'];
  };
};

function catalogOf(defs: readonly AnyCheckDef[]): Readonly<Record<string, CheckSpec>> {
  return Object.fromEntries(
    defs.map(({ id, checkPackage, name, states }) => [id, { checkPackage, name, states }]),
  );
}

const LEGACY_CATALOG = {
  SYNTHETIC_AGE_MISMATCH: {
    checkPackage: 'Synthetic Identity',
    name: 'Age mismatch',
    states: {
      MATCHED: {
        risk: 'NONE',
        meaning: "The identity's earliest email, phone or profile sighting came at age 13 or later.",
      },
      MISMATCH: {
        risk: 'HIGH',
        meaning: 'An email, phone or profile of the identity was first seen before the person was 13.',
      },
      UNKNOWN: { risk: 'NONE', meaning: 'No birthday, or no history to compare it with yet.' },
    },
  },
  SYNTHETIC_EMAIL_MISMATCH: {
    checkPackage: 'Synthetic Identity',
    name: 'Email and name mismatch',
    states: {
      MATCHED: { risk: 'NONE', meaning: "The email's local part contains the given or family name." },
      MISMATCH: { risk: 'MED', meaning: "The email's local part does not reflect the name." },
      UNKNOWN: {
        risk: 'NONE',
        meaning:
          'A well-formed cleartext email and a name are not both available (a malformed address is ' +
          "EMAIL_INVALID's to report).",
      },
    },
  },
  SYNTHETIC_NAME_ADDRESS_NO_MATCH: {
    checkPackage: 'Synthetic Identity',
    name: 'Name and address do not match',
    states: {
      TRUE: { risk: 'MED', meaning: 'People are known at this address, none of them by this name.' },
      FALSE: { risk: 'NONE', meaning: 'This name is among the people known at this address.' },
      UNKNOWN: {
        risk: 'NONE',
        meaning: 'The street address, or anyone at it, is not known to the identity graph yet.',
      },
      NONE: { risk: 'NONE', meaning: 'No name or no address was provided.' },
    },
  },
  // Beyond the spec's table (decisions.md welcomes it): an SSN the SSA never issues.
  SYNTHETIC_SSN_INVALID: {
    checkPackage: 'Synthetic Identity',
    name: 'SSN never issued',
    states: {
      TRUE: {
        risk: 'HIGH',
        meaning:
          'The full SSN is one the SSA never issues: area 000, 666 or 900-999, group 00, serial 0000, ' +
          'or a published sample or advertising number (078-05-1120, 219-09-9999, 123-45-6789...).',
      },
      ITIN: {
        risk: 'MED',
        meaning:
          'Area 900-999 with group 50-65, 70-88, 90-92 or 94-99: an IRS taxpayer id (ITIN), not an SSN.',
      },
      FALSE: { risk: 'NONE', meaning: 'The full SSN has a structure the SSA issues.' },
      NONE: {
        risk: 'NONE',
        meaning: 'No SSN was provided, or only its last four digits, which say nothing of the structure.',
      },
    },
  },
  // Beyond the spec's table (decisions.md welcomes it): one SSN used by several identities.
  SYNTHETIC_SSN_SHARED: {
    checkPackage: 'Synthetic Identity',
    name: 'SSN shared by several identities',
    states: {
      TRUE: {
        risk: 'HIGH',
        meaning: 'The SSN is linked to more than one distinct name or identity cluster in the graph.',
      },
      FALSE: { risk: 'NONE', meaning: 'The SSN is linked to one name and identity at most.' },
      UNKNOWN: {
        risk: 'NONE',
        meaning: 'Only the last four digits were given, or the identity graph was not consulted.',
      },
      NONE: { risk: 'NONE', meaning: 'No SSN was provided.' },
    },
  },
  // Beyond the spec's table: when the SSA could have issued the SSN, from the last high-group
  // list before the 2011 randomisation (lib/engine/checks/ssn-issuance.ts).
  SYNTHETIC_SSN_ISSUE_DATE: {
    checkPackage: 'Synthetic Identity',
    name: 'SSN issuance period',
    states: {
      PRE_2011: {
        risk: 'NONE',
        meaning:
          "The SSN's group comes before its area's highest group on the SSA list of 2011-06-24: " +
          'it was issued under the area scheme, by that date at the latest.',
      },
      POST_2011: {
        risk: 'LOW',
        meaning:
          "The SSN's area or group had not been reached by 2011-06-24: it can only have been issued " +
          'under randomisation, on or after 2011-06-25.',
      },
      POST_2011_ADULT: {
        risk: 'MED',
        meaning:
          'As POST_2011, and the birthday shows the person was 18 or older on 2011-06-25: a first SSN ' +
          'issued to an adult, common in synthetic identities built on randomised numbers.',
      },
      UNKNOWN: {
        risk: 'NONE',
        meaning:
          "The group is its area's highest group on the list (issued before or after randomisation), " +
          'the SSN has a structure never issued, only its last four digits were given, or the SSA ' +
          'tables are not loaded.',
      },
      NONE: { risk: 'NONE', meaning: 'No SSN was provided.' },
    },
  },
  // Beyond the spec's table: an SSN the SSA tables date before the applicant was born.
  SYNTHETIC_SSN_BEFORE_BIRTH: {
    checkPackage: 'Synthetic Identity',
    name: 'SSN issued before birth',
    states: {
      TRUE: {
        risk: 'HIGH',
        meaning:
          'The SSN was issued by 2011-06-24 at the latest (SYNTHETIC_SSN_ISSUE_DATE PRE_2011), but the ' +
          'birthday is later: the number existed before the person did.',
      },
      FALSE: {
        risk: 'NONE',
        meaning:
          'The SSA tables date the SSN and not before the birthday: issued by 2011-06-24 at the latest ' +
          'with a birthday on or before that (the tables give no earliest date before 2011), or issued ' +
          'under randomisation, on or after 2011-06-25, to a person born by then.',
      },
      UNKNOWN: {
        risk: 'NONE',
        meaning:
          'The tables cannot date the SSN against the birthday: its group is the highest of its area ' +
          '(either side of randomisation), or it was randomised and the person was born after ' +
          '2011-06-25 (no latest issue date); or only the last four digits were given, the SSN has a ' +
          'structure never issued, or the SSA tables are not loaded.',
      },
      NONE: { risk: 'NONE', meaning: 'No SSN or no birthday was provided.' },
    },
  },
} as const satisfies Record<string, CheckSpec>;

// Definitions first: they are converted package by package in catalog order, so the ids keep it.
export const CHECK_CATALOG = {
  // The rows are built from CHECK_DEFS, whose types DefinedCatalog restates key by key.
  ...(catalogOf(CHECK_DEFS) as DefinedCatalog),
  ...LEGACY_CATALOG,
};

export type CheckId = keyof typeof CHECK_CATALOG;

/** The states a given check may answer, checked at compile time. */
export type CheckState<I extends CheckId> = keyof (typeof CHECK_CATALOG)[I]['states'] & string;

export const CHECK_IDS = Object.keys(CHECK_CATALOG) as CheckId[];
