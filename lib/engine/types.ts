// Shapes shared by the pure engine: the normalised request the parser produces and the
// checks the packages return. No Next.js, no database, no network in lib/engine.

import type { ListKind, ListName } from '../contract/console/workspace-lists';
import type { PatternInterval } from '../contract/intervals';
import type { MxAnswer } from './dns/types';
import type { GeoLookup, PostalLookup } from './geo/types';
import type { GraphFacts } from './graph/facts';
import type { SanctionsScreen } from './sanctions/types';
import type { SsaTables } from './ssa/types';
import type { VelocityFacts } from './velocity/facts';

export type RiskLevel = 'HIGH' | 'MED' | 'LOW' | 'NONE';

export const RISK_ORDER: readonly RiskLevel[] = ['HIGH', 'MED', 'LOW', 'NONE'];

export type CheckPackage =
  | 'Breached'
  | 'Digital'
  | 'Email'
  | 'Identity'
  | 'IP Address'
  | 'Location'
  | 'Phone'
  | 'Synthetic Identity';

export interface Check {
  id: string;
  state: string;
  name: string;
  description: string;
  risk: RiskLevel;
  checkPackage: CheckPackage;
}

export type EmailForm = 'cleartext' | 'md5' | 'sha1' | 'sha256';

/** One email of the request after trim, lowercase and lookalike folding. */
export interface EmailInput {
  /** As the caller sent it (before normalisation); never logged. */
  raw: string;
  form: EmailForm;
  /** Cleartext only: the folded, lowercased address. */
  address: string | null;
  /** Cleartext only: whether the address is syntactically well formed. */
  valid: boolean;
  localPart: string | null;
  domain: string | null;
  /** Lowercase hex digests. For a hashed input only the digest of its own form is known. */
  md5: string | null;
  sha1: string | null;
  sha256: string | null;
}

export type PhoneLineType =
  | 'MOBILE'
  | 'LANDLINE'
  | 'FIXED_LINE_OR_MOBILE'
  | 'VOIP'
  | 'TOLL_FREE'
  | 'PREMIUM_RATE'
  | 'SHARED_COST'
  | 'PERSONAL_NUMBER'
  | 'PAGER'
  | 'UAN'
  | 'VOICEMAIL'
  | 'UNKNOWN';

export interface PhoneInput {
  raw: string;
  /** E.164 form when the number could be parsed (US assumed when no country code). */
  e164: string | null;
  /** True when libphonenumber (max metadata) says the number is valid for its region. */
  valid: boolean;
  /** ISO 3166-1 alpha-2 region of the number, when known. */
  region: string | null;
  lineType: PhoneLineType | null;
}

export interface ProfileInput {
  service: string | null;
  url: string | null;
  username: string | null;
  userid: string | null;
  followers: number | null;
  following: number | null;
  score: number | null;
  bio: string | null;
}

export interface SsnInput {
  kind: 'full' | 'last4';
  /** Digits only: 9 for a full SSN, 4 for last four. */
  digits: string;
}

export interface NameInput {
  given: string | null;
  middle: string | null;
  family: string | null;
}

export interface LocationInput {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  region: string | null;
  regionCode: string | null;
  postalCode: string | null;
  country: string | null;
  /** Upper-case alpha-2; derived from `country` when only the name was given. */
  countryCode: string | null;
}

export interface IpInput {
  /** Canonical text form (IPv4 dotted quad, IPv6 compressed lower-case). */
  address: string;
  version: 4 | 6;
}

export type { PatternInterval };

/** The request after validation, normalisation and de-duplication. */
export interface NormalizedRequest {
  emails: EmailInput[];
  phones: PhoneInput[];
  profiles: ProfileInput[];
  ssn: SsnInput | null;
  name: NameInput | null;
  location: LocationInput | null;
  ipAddress: IpInput | null;
  /** ISO date YYYY-MM-DD. */
  birthday: string | null;
  organization: string | null;
  title: string | null;
  sessionId: string | null;
  /**
   * A joined session's other values of its singular fields (mergeRequests): the fields above
   * hold the newest value, these every different one the session received before. Absent
   * outside sessions and in sessions stored before it existed.
   */
  sessionValues?: SessionValues;
}

/** Every value of a singular field a session received besides the current one, oldest first. */
export interface SessionValues {
  ssns: SsnInput[];
  names: NameInput[];
  locations: LocationInput[];
  ipAddresses: IpInput[];
  birthdays: string[];
}

export interface NormalizedSignalsRequest extends NormalizedRequest {
  countries: string[];
  excludedCountries: string[];
  patternInterval: PatternInterval | null;
}

export interface FieldError {
  path: string;
  message: string;
  code: InputErrorCode;
}

export type InputErrorCode =
  | 'INVALID_INPUT'
  | 'NO_MINIMUM_IDENTIFIER'
  | 'TOO_MANY_EMAILS'
  | 'MULTIPLE_SSNS'
  | 'MIXED_EMAIL_FORMS'
  | 'COUNTRY_FILTER_CONFLICT';

export type ParseResult<T> =
  | { ok: true; value: T }
  | { ok: false; code: InputErrorCode; errors: FieldError[] };

/**
 * Everything the checks may look at besides the request, gathered by the services layer.
 * Reference indexes join here later.
 */
export interface CheckContext {
  now: Date;
  /** What the identity graph knew before this call; null: not consulted (graph checks await it). */
  graph: GraphFacts | null;
  /** The loaded Tor / VPN / data-center lists; absent or null: not loaded (IP_TYPE says so). */
  ipLists?: IpListLookup | null;
  /** The loaded sanctions lists; absent or null: none loaded (the Identity checks say so). */
  sanctions?: SanctionsScreen | null;
  /** The SSA issuance tables; absent or null: not loaded. */
  ssa?: SsaTables | null;
  /** MX answers by lower-case email domain, looked up before the checks; absent: DNS not consulted. */
  mx?: ReadonlyMap<string, MxAnswer> | null;
  /** IP geolocation; absent or null: no database. */
  geo?: GeoLookup | null;
  /** US ZIP reference data; absent or null: not loaded. */
  postal?: PostalLookup | null;
  /**
   * How many identities used the request's hubs in the workspace's recent Verify traffic, read
   * before this call; absent or null: not read (the velocity checks answer UNKNOWN).
   */
  velocity?: VelocityFacts | null;
  /**
   * The unexpired entries of the workspace's own block and allow lists that the request's values
   * match; absent or null: the lists were not read (WORKSPACE_LIST answers UNKNOWN).
   */
  lists?: readonly WorkspaceListHit[] | null;
}

/** One entry of a workspace's lists that a value of the request matched. */
export interface WorkspaceListHit {
  entryId: string;
  list: ListName;
  kind: ListKind;
  /** As the console shows it (an SSN by its last four). */
  value: string;
  reason: string;
}

/** What IP_TYPE needs from the reference lists (lib/reference/cidr-index.ts implements it). */
export interface IpListLookup {
  match(ip: string): {
    type: 'TOR' | 'PRIVACY_RELAY' | 'VPN' | 'DATA_CENTER';
    name: string;
    publishedAt: Date | null;
    cidr: string;
  } | null;
}
