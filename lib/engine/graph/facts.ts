// What the identity graph knew about a request's identifiers before the call was recorded.
// The services layer gathers it (lib/services/graph/facts.ts); the checks only read it.
import type { Dno, LineType } from '../ingest/types';
import type { NameInput } from '../types';

/** Activity of one identifier. Records (breaches, carrier facts, profiles) are not activity. */
export interface SeenFacts {
  firstSeenMs: number;
  lastSeenMs: number;
  /** At least 1: an identifier known only from records is "never seen" (null). */
  observations: number;
}

/** One carrier fact about a number (POST /api/records, kind phone). */
export interface PhoneRecordFacts {
  observedAtMs: number;
  lineType: LineType;
  /** Null when the record named no carrier. */
  carrier: string | null;
  dno: Dno | null;
}

export interface PhoneFacts {
  seen: SeenFacts | null;
  /** Oldest first. */
  records: PhoneRecordFacts[];
}

/** A breach holding an identifier of the identity; the latest date when several hold it. */
export interface BreachFacts {
  breach: string;
  breachedAtMs: number;
}

export interface SocialProfileFacts {
  service: string;
  createdAtMs: number | null;
  /** Upper-case alpha-2, when the profile record states one. */
  country: string | null;
}

/** The identifier that dates the identity: the earliest first sighting of its own identifiers. */
export interface OldestSighting {
  ms: number;
  kind: 'email' | 'phone' | 'profile';
}

/**
 * The resolved identity: the input's email, phone, SSN and profile identifiers known to the
 * graph, plus every identifier of their clusters (a hub's cluster is not expanded).
 */
export interface PersonSummary {
  /** Merging identifiers (email, phone, SSN, profile) of the identity. */
  identifiers: number;
  /** How many of them were ever observed in activity. */
  observedIdentifiers: number;
  /** Emails, phones and profiles only (SSNs are issued at birth); hubs are not the person's own. */
  oldestSighting: OldestSighting | null;
  profiles: SocialProfileFacts[];
  /**
   * Names linked to the identity's non-hub identifiers, as stored (lower case); absent when not
   * gathered. The Identity checks screen them against the sanctions lists.
   */
  names?: NameInput[];
  /**
   * Places of the street addresses linked to the identity's non-hub identifiers (city as stored,
   * lower case; country upper-case alpha-2); absent when not gathered. Sanctions screening of
   * the graph's names compares them with the entries' countries and cities.
   */
  locations?: PersonLocation[];
}

export interface PersonLocation {
  city: string | null;
  countryCode: string | null;
}

/** How widely the input's own identifiers are linked. */
export interface ConnectivityFacts {
  /** Some input identifier is flagged as a hub (linked to too many identifiers to be one person). */
  hub: boolean;
  /** The most distinct merging identifiers any input identifier is linked to. */
  maxLinkCount: number;
  /** The graph's hub limit (HUB_LINK_LIMIT). */
  linkLimit: number;
}

/**
 * Names linked to an identifier, compared by given and family name (the middle name and the
 * order of the two ignored: nameForms in lib/engine/graph/name-forms.ts).
 */
export interface NameLinkFacts {
  /** Distinct names linked. */
  names: number;
  /** Whether one of them is a form of the input's name. */
  inputNameLinked: boolean;
  /**
   * Counted in a sample of the links (a street address or an SSN shared by dozens or more): there
   * are at least `names` names (and `persons` identities). inputNameLinked is exact either way.
   */
  sampled?: boolean;
}

/** The input street address: whether the graph knows it, and the names of the people seen there. */
export interface AddressFacts extends NameLinkFacts {
  known: boolean;
  /**
   * Distinct units (address line 2 values) the graph stores at the same line 1, city and ZIP;
   * counted only when the input names no unit itself (absent otherwise).
   */
  units?: number;
}

/** The input full SSN: the names linked to it directly and the identity clusters using it. */
export interface SsnFacts extends NameLinkFacts {
  /** Distinct clusters among the non-hub emails, phones and profiles linked to the SSN. */
  persons: number;
}

/**
 * The contact points an established identity already has, against the ones this request gives:
 * the identity of the input's longest-known email (first seen at least 30 days before the call),
 * its phones and street addresses. An account taken over arrives with the victim's email and the
 * taker's own phone (DIGITAL_CONTACT_CHANGE).
 */
export interface ContactFacts {
  /** When the graph first saw the established email. */
  emailFirstSeenMs: number;
  /** Phones (non-hub) of the email's identity before this call. */
  identityPhones: number;
  /** Input phones (E.164) the identity holds. */
  heldPhones: number;
  /** Input phones (E.164) the identity does not hold: never seen, or another identity's. */
  newPhones: number;
  /** Street addresses linked to the identity (read up to IDENTITY_NAME_LIMIT). */
  identityAddresses: number;
  /** Whether the input street address is one of them; null when the input gives none. */
  addressKnown: boolean | null;
}

export interface GraphFacts {
  /** Same index as input.emails; null: never observed. */
  emails: (SeenFacts | null)[];
  /** Same index as input.phones. */
  phones: PhoneFacts[];
  /** Breaches of the input's identifiers and of the identity's, newest first. */
  breaches: BreachFacts[];
  /**
   * Breach records the graph holds for any identifier, so that "no breach holds this identity"
   * (FALSE) can be told from "no breach data is loaded" (UNKNOWN). Absent: not gathered, read as none.
   */
  breachRecords?: number;
  /** Null when none of the input's email, phone, SSN or profile identifiers is in the graph. */
  person: PersonSummary | null;
  connectivity: ConnectivityFacts;
  /** Null when the input has no street address (addressLine1). */
  address: AddressFacts | null;
  /** Null when the input has no full SSN. */
  ssn: SsnFacts | null;
  /**
   * Null when the input has no established email (or no phone and no street address to compare);
   * absent when not gathered (a partial view, whose clusters span workspaces it cannot see).
   */
  contacts?: ContactFacts | null;
}
