import { sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { streetKey } from '@/lib/engine/geo/street-key';
import type {
  GraphFacts,
  OldestSighting,
  PersonLocation,
  PersonSummary,
  PhoneRecordFacts,
  SeenFacts,
} from '@/lib/engine/graph/facts';
import { isMergingKind } from '@/lib/engine/graph/identifier-keys';
import { nameForms } from '@/lib/engine/graph/name-forms';
import { DNO_VALUES, type Dno, LINE_TYPES, type LineType } from '@/lib/engine/ingest/types';
import type { EmailInput, NameInput, NormalizedRequest } from '@/lib/engine/types';
import { contactsOf } from './contacts';
import {
  anyBreach,
  type FactsRow,
  type IdentityRow,
  namedPastSample,
  type PhoneRecordRow,
  queryFacts,
  ssnNamePastSample,
  withNamePastSample,
} from './facts-query';
import { graphKeys } from './keys';
import { HUB_LINK_LIMIT } from './observe';
import { findIdentifiers, type IdentifierMatch } from './person';
import { residentsAtAddress } from './residents';
import { seenBefore } from './seen-before';
import { applyView, FULL_VIEW, type GraphView, visibleClusterMembers } from './view';

const isLineType = (value: string): value is LineType => (LINE_TYPES as readonly string[]).includes(value);
const isDno = (value: string | null): value is Dno => (DNO_VALUES as readonly string[]).includes(value ?? '');

/** The identifiers an input email may be stored under: its SHA-256, or a digest-only key. */
function isEmailRow(email: EmailInput, row: IdentifierMatch): boolean {
  if (row.kind !== 'email') return false;
  return (
    (email.sha256 !== null && row.value === email.sha256) ||
    (email.md5 !== null && (row.md5 === email.md5 || row.value === `md5:${email.md5}`)) ||
    (email.sha1 !== null && (row.sha1 === email.sha1 || row.value === `sha1:${email.sha1}`))
  );
}

/**
 * Activity of the rows an input names, merged; null when none was ever observed (an identifier
 * known only from records). Times after `now` (other writers' clock skew) count as now.
 */
function seenOf(rows: readonly IdentifierMatch[], nowMs: number): SeenFacts | null {
  const observed = rows.filter((row) => row.observations > 0);
  if (observed.length === 0) return null;
  return {
    firstSeenMs: Math.min(nowMs, ...observed.map((row) => new Date(row.first_seen_at).getTime())),
    lastSeenMs: Math.min(nowMs, Math.max(...observed.map((row) => new Date(row.last_seen_at).getTime()))),
    observations: observed.reduce((sum, row) => sum + row.observations, 0),
  };
}

function recordsOf(rows: readonly PhoneRecordRow[], phone: string | null, nowMs: number): PhoneRecordFacts[] {
  return rows.flatMap((row) =>
    row.phone === phone && isLineType(row.lineType)
      ? [
          {
            observedAtMs: Math.min(nowMs, Number(row.observedAtMs)),
            lineType: row.lineType,
            carrier: row.carrier,
            dno: isDno(row.dno) ? row.dno : null,
          },
        ]
      : [],
  );
}

/** Emails, phones and profiles date the identity; SSNs are issued at birth, hubs are shared. */
function oldestSighting(rows: readonly IdentityRow[]): OldestSighting | null {
  let oldest: OldestSighting | null = null;
  for (const row of rows) {
    if (row.hub || (row.kind !== 'email' && row.kind !== 'phone' && row.kind !== 'profile')) continue;
    // Known only from records: its seen columns hold record dates, not a sighting.
    if (row.observations === 0) continue;
    const at = Number(row.firstSeenMs);
    if (oldest === null || at < oldest.ms) oldest = { ms: at, kind: row.kind };
  }
  return oldest;
}

/** A stored name value `given|middle|family` as name parts (empty parts are null). */
function storedName(value: string): NameInput | null {
  const [given = '', middle = '', family = ''] = value.split('|');
  const part = (text: string) => (text.trim() === '' ? null : text.trim());
  return given.trim() === '' && family.trim() === ''
    ? null
    : { given: part(given), middle: part(middle), family: part(family) };
}

/** A stored address value `line1|line2|city|region|postal|country` as the place screening reads. */
function storedPlace(value: string): PersonLocation | null {
  const parts = value.split('|');
  const city = parts[2]?.trim() ?? '';
  const country = parts[5]?.trim().toUpperCase() ?? '';
  return city === '' && country === '' ? null : { city: city || null, countryCode: country || null };
}

function personOf(
  rows: readonly IdentityRow[],
  names: readonly string[],
  locations: readonly string[] = [],
): PersonSummary | null {
  if (rows.length === 0) return null;
  return {
    names: names.flatMap((value) => storedName(value) ?? []),
    locations: locations.flatMap((value) => storedPlace(value) ?? []),
    identifiers: rows.length,
    observedIdentifiers: rows.filter((row) => row.observations > 0).length,
    oldestSighting: oldestSighting(rows),
    profiles: rows.flatMap((row) =>
      row.kind === 'profile'
        ? [
            {
              service: row.service ?? 'unknown',
              createdAtMs: row.createdAtMs === null ? null : Number(row.createdAtMs),
              country: row.country,
            },
          ]
        : [],
    ),
  };
}

/** Once the graph holds a breach record it keeps holding some (only erasure removes them). */
let breachesSeen = false;

/**
 * Whether breach data is loaded at all: without it, "no breach" is no answer (BREACHED UNKNOWN).
 * The facts query says so when it ran; a request it was not needed for asks once per process.
 * A partial view counts only the breaches it sees, and asks every time (it is the rare path).
 */
async function breachRecords(tx: Executor, fromFacts: number | undefined, view: GraphView): Promise<number> {
  const ask = async () =>
    (await tx.execute<{ n: number }>(sql`select ${anyBreach(view)} as n`)).rows[0]?.n ?? 0;
  if (!view.all) return fromFacts ?? (await ask());
  if (fromFacts !== undefined && fromFacts > 0) breachesSeen = true;
  if (breachesSeen) return 1;
  if (fromFacts !== undefined) return fromFacts;
  breachesSeen = (await ask()) > 0;
  return breachesSeen ? 1 : 0;
}

/**
 * The SSN's and the address's name facts, completed past their samples (HUB_SAMPLE links a side)
 * from the name's side: one statement each, only at a hub whose sample lacked a name the graph
 * holds (a new applicant's is stored nowhere: no statement).
 * The address's are complete already when residentsAtAddress counted them (addressId null).
 */
async function namesPastSample(
  tx: Executor,
  facts: FactsRow,
  ssnId: string | null,
  addressId: string | null,
  input: NormalizedRequest,
  view: GraphView,
): Promise<Pick<FactsRow, 'ssn' | 'address'>> {
  const forms = nameForms(input.name);
  const missing = (row: FactsRow['ssn'] | FactsRow['address'] | null) =>
    row?.sampled === true && !row.inputNameLinked && facts.name_known;
  const ssn =
    ssnId !== null && missing(facts.ssn)
      ? withNamePastSample(facts.ssn, await ssnNamePastSample(tx, ssnId, forms, view))
      : facts.ssn;
  const address =
    addressId !== null && missing(facts.address)
      ? withNamePastSample(facts.address, (await namedPastSample(tx, addressId, forms, view)).length > 0)
      : facts.address;
  return { ssn, address };
}

/**
 * What the identity graph knows of a request's identifiers, in two queries: the identifiers the
 * request names (findIdentifiers), then one round trip for the identity they resolve to, its
 * breaches and profiles, the phones' carrier records and the SSN's and address's links.
 * Verify calls it before it records the call, so the facts are the graph as it was before; a
 * joined session passes its start as `asOf`, so that none of its calls counts as a sighting.
 */
export async function gatherFacts(
  tx: Executor,
  input: NormalizedRequest,
  now: Date,
  asOf: Date | null = null,
  view: GraphView = FULL_VIEW,
): Promise<GraphFacts> {
  const nowMs = now.getTime();
  // What the caller may see: an identifier only others contributed, unshared, is unknown to it.
  const found = await applyView(tx, view, await findIdentifiers(tx, graphKeys(input)));
  const matched = asOf === null ? found : await seenBefore(tx, found, asOf, view);
  const named = matched.filter((row) => isMergingKind(row.kind));
  // No email, phone, SSN or profile known: a name at a full address may still find the person.
  const atAddress = named.length > 0 ? null : await residentsAtAddress(tx, input, matched, view);
  const merging = atAddress === null ? named : atAddress.named;
  // A partial view takes the clusters over the links it sees (the stored ones span all of them).
  const members = await visibleClusterMembers(tx, view, merging);
  // The current SSN and address, not a session's earlier ones (sessionValues).
  const current = graphKeys({ ...input, sessionValues: undefined });
  const find = (kind: string) => {
    const key = current.find((k) => k.kind === kind);
    return key ? (matched.find((row) => row.kind === kind && row.value === key.value) ?? null) : null;
  };
  const phones = input.phones.flatMap((phone) => (phone.e164 === null ? [] : [phone.e164]));
  const ssnId = input.ssn?.kind === 'full' ? (find('ssn')?.id ?? null) : null;
  const addressId = find('address')?.id ?? null;
  const street = streetKey(input.location);
  const needed =
    merging.length > 0 || phones.length > 0 || ssnId !== null || addressId !== null || street !== null;
  const facts = needed
    ? await queryFacts(tx, {
        merging: [...new Set([...merging, ...members].map((row) => row.id))],
        // A hub's cluster is not its own: only the non-hub identifiers expand to their person.
        persons: view.all
          ? [...new Set(merging.flatMap((row) => (row.person_id && !row.is_hub ? [row.person_id] : [])))]
          : [],
        phones,
        ssnId,
        addressId,
        nameForms: nameForms(input.name),
        street,
        asOf,
        view,
        hubs: [...merging, ...members].filter((row) => row.is_hub).map((row) => row.id),
        // The name-at-address lookup walked the same residents and their names.
        addressNames: atAddress?.names ?? null,
      })
    : null;
  const completed =
    facts === null
      ? null
      : await namesPastSample(tx, facts, ssnId, atAddress === null ? addressId : null, input, view);
  const records = facts?.phone_records ?? [];
  return {
    emails: input.emails.map((email) =>
      seenOf(
        matched.filter((row) => isEmailRow(email, row)),
        nowMs,
      ),
    ),
    phones: input.phones.map((phone) => ({
      seen: seenOf(
        matched.filter((row) => row.kind === 'phone' && row.value === phone.e164),
        nowMs,
      ),
      records: recordsOf(records, phone.e164, nowMs),
    })),
    breaches: (facts?.breaches ?? []).map((b) => ({
      breach: b.breach,
      breachedAtMs: Math.min(nowMs, Number(b.breachedAtMs)),
    })),
    breachRecords: await breachRecords(tx, facts?.breach_records, view),
    person: personOf(facts?.identity ?? [], facts?.names ?? [], facts?.locations ?? []),
    connectivity: {
      hub: matched.some((row) => row.is_hub),
      maxLinkCount: Math.max(0, ...matched.map((row) => row.link_count)),
      linkLimit: HUB_LINK_LIMIT,
    },
    address: input.location?.addressLine1
      ? {
          known: addressId !== null,
          ...(completed?.address ?? { names: 0, inputNameLinked: false }),
          ...(typeof facts?.units === 'number' ? { units: facts.units } : {}),
        }
      : null,
    ssn:
      input.ssn?.kind === 'full'
        ? (completed?.ssn ?? { names: 0, inputNameLinked: false, persons: 0 })
        : null,
    // A partial view's clusters span workspaces it cannot see: which phones are "the identity's"
    // would rest on their data, so the comparison is left out (DIGITAL_CONTACT_CHANGE UNKNOWN).
    ...(view.all
      ? {
          contacts: contactsOf({
            emails: matched.filter((row) => input.emails.some((email) => isEmailRow(email, row))),
            phones: matched.filter((row) => row.kind === 'phone'),
            inputPhones: phones,
            address: current.find((key) => key.kind === 'address')?.value ?? null,
            identity: facts?.identity ?? [],
            locations: facts?.locations ?? [],
            nowMs,
          }),
        }
      : {}),
  };
}
