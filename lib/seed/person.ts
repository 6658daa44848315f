// One seeded person: identity, identifiers with their histories, activity, breaches and
// carrier and profile records. Pure: the same seed, index and plan give the same person.
import type { Faker } from '@faker-js/faker';
import { fatfStatus } from '@/lib/engine/checks/fatf-lists';
import { ActivityBuilder, type Actor } from './activity';
import { fakerFor } from './fakers';
import { adultAge, birthdayFor, type Employer, employer, personName } from './identity';
import { employmentKey, nameKey, phoneKey, ssnKey } from './keys';
import { personBreaches } from './person-breaches';
import { personEmails } from './person-emails';
import { personHomes } from './person-home';
import { personIps } from './person-ips';
import { personPhones } from './person-phones';
import { personProfiles } from './person-profiles';
import type { Phenomenon } from './phenomena';
import { type FakerLocale, PLACES, type Place, RESIDENCE_WEIGHTS } from './places';
import { hashSeed, Rng } from './prng';
import type { SanctionedPerson } from './sanctioned';
import { DAY_MS, eventCount, eventTime, HOUR_MS, onRhythm, YEAR_MS } from './schedule';
import { makeSsn } from './ssn';
import type { GenContext, SeedAddress, SeedKey, SeedPerson, SeedPhoneRecord } from './types';
import { activeWindow, type FirstBand, type LastBand } from './window';

export interface PersonPlan {
  force: readonly Phenomenon[];
  ring?: { ssn: string; address: SeedAddress };
  hub?: { phone: string; region: string; records: SeedPhoneRecord[] };
  sanctioned?: { entry: SanctionedPerson; atListedPlace: boolean };
}

const US_ONLY: readonly Phenomenon[] = [
  'phone-location-mismatch',
  'phone-toll-free',
  'phone-prepaid',
  'ssn-invalid',
  'ssn-before-birth',
  'address-business',
  'address-missing-unit',
  'address-invalid',
  'ip-mobile',
  'dno-voice',
  'dno-text',
  'ported-recent',
  'ported-long-ago',
  'prev-mobile',
  'prev-landline',
  'prev-voip',
  'prev-toll-free',
  'prev-prepaid',
];

function chooseCountry(rng: Rng, plan: PersonPlan, has: (p: Phenomenon) => boolean): string {
  if (plan.sanctioned) return plan.sanctioned.atListedPlace ? plan.sanctioned.entry.country : 'US';
  if (has('fatf-high')) return 'IR';
  if (has('fatf-increased')) return rng.pick(['VN', 'KE']);
  if (has('phone-voip') || has('phone-landline') || has('phone-mobile')) return 'GB';
  if (has('non-us')) return rng.weighted(RESIDENCE_WEIGHTS.filter(([code]) => code !== 'US'));
  if (plan.ring || plan.hub || US_ONLY.some(has)) return 'US';
  return rng.weighted(RESIDENCE_WEIGHTS);
}

const FIRST_FORCED: readonly (readonly [Phenomenon, FirstBand])[] = [
  ['first-seen-new', 'new'],
  ['first-seen-recent', 'recent'],
  ['first-seen-older', 'older'],
  ['first-seen-long-ago', 'long-ago'],
  ['ssn-before-birth', 'recent'],
];
const LAST_FORCED: readonly (readonly [Phenomenon, LastBand])[] = [
  ['last-seen-older', 'older'],
  ['last-seen-long-ago', 'long-ago'],
  ['ported-recent', 'recent'],
  ['breach-7d', 'recent'],
  ['breach-30d', 'recent'],
];

function localeFaker(ctx: GenContext, index: number, locale: FakerLocale | null): Faker | null {
  if (!locale) return null;
  const fake = fakerFor(locale);
  fake.seed(hashSeed(ctx.seed, index, 'faker'));
  return fake;
}

export function generatePerson(ctx: GenContext, index: number, plan: PersonPlan): SeedPerson {
  const rng = new Rng(hashSeed(ctx.seed, index));
  const now = ctx.now;
  const has = (p: Phenomenon) => plan.force.includes(p);
  const phenomena = new Set<Phenomenon>();
  const ghost = has('ghost');

  const country = chooseCountry(rng, plan, has);
  const place: Place | null = PLACES[country] ?? null;
  const fake = localeFaker(ctx, index, place?.locale ?? null);
  if (!fake) fakerFor('en_US').seed(hashSeed(ctx.seed, index, 'faker'));
  const name = plan.sanctioned
    ? { given: plan.sanctioned.entry.given, middle: null, family: plan.sanctioned.entry.family }
    : personName(rng, country, fake);
  const age = has('ssn-before-birth')
    ? rng.between(12, 14.5)
    : has('age-mismatch')
      ? rng.between(16, 18)
      : adultAge(rng);
  const birthMs = now - age * YEAR_MS;
  const breaksAge = has('age-mismatch') || has('ssn-before-birth');

  const window = activeWindow(
    rng,
    now,
    { first: FIRST_FORCED.find(([p]) => has(p))?.[1], last: LAST_FORCED.find(([p]) => has(p))?.[1] },
    breaksAge ? Number.NEGATIVE_INFINITY : birthMs + 13 * YEAR_MS,
  );
  // Online from the age of six to ten: a history older than the birthday allows.
  if (has('age-mismatch'))
    window.start = Math.floor(Math.min(window.end - DAY_MS, birthMs + rng.between(6, 10) * YEAR_MS));
  // The first and last days follow the daily and weekly rhythm like every other event.
  const utcOffset = place?.utcOffset ?? 0;
  const start = onRhythm(rng, window.start, utcOffset, window.end - HOUR_MS);
  const end = onRhythm(rng, window.end, utcOffset, now);
  if (start < end) Object.assign(window, { start, end });
  const eventsFrom = Math.max(window.start, window.end - 5 * YEAR_MS);
  const between = (from: number, to: number) => eventTime(rng, from, Math.max(from, to), utcOffset);

  const employed = has('email-business') || has('local-role') || has('address-business') || rng.chance(0.55);
  const job: Employer | null = employed || has('email-no-mx') ? employer(fake) : null;
  const company = job?.company ?? employer(fake).company;

  // Emails: the primary one from the first day, others later.
  const emails = personEmails(rng, ctx, {
    has,
    ghost,
    employed,
    name,
    birthYear: new Date(birthMs).getUTCFullYear(),
    country,
    company,
    start: window.start,
    later: () => between(window.start, window.end),
    phenomena,
  });

  const phones = personPhones(rng, ctx, { place, has, ghost, window, now, phenomena });
  const profiles =
    ghost || has('no-profiles')
      ? []
      : personProfiles(rng, ctx, { name, country, has, window, birthMs, breaksAge, emails, now, phenomena });
  if (profiles.length === 0 && !ghost) phenomena.add('no-profiles');

  const us = country === 'US';
  const { addresses, homes, home } = personHomes(rng, plan, has, {
    country,
    place,
    fake,
    employed,
    ghost,
    phenomena,
    start: window.start,
    later: () => between(window.start, window.end),
  });

  let ssn: string | null = null;
  if (us && !ghost && (plan.ring || has('ssn-invalid') || has('ssn-before-birth') || rng.chance(0.9))) {
    const variant = has('ssn-invalid') ? 'invalid' : has('ssn-before-birth') ? 'before-birth' : 'valid';
    const state = home?.region ?? null;
    ssn = plan.ring?.ssn ?? makeSsn(rng, variant, state);
    while (!plan.ring && !ctx.claim(`ssn|${ssn}`)) ssn = makeSsn(rng, variant, state);
    if (plan.ring) phenomena.add('ssn-ring');
    if (variant !== 'valid') phenomena.add(`ssn-${variant}`);
  }

  const ips = personIps(rng, place, country, has, window, phones.dated.length > 0, phenomena);

  const actor: Actor = {
    emails,
    phones: phones.dated,
    hubPhone: null,
    unownedProfiles: profiles
      .filter((p) => p.owner === null)
      .map((p) => ({ key: p.key, from: p.record.createdAt })),
    name: nameKey(name),
    addresses,
    ssn: ssn ? ssnKey(ssn) : null,
    employment: job && !ghost ? employmentKey(job.company, job.title) : null,
    ips,
    utcOffset,
  };
  const hubKey = plan.hub ? phoneKey(plan.hub.phone, plan.hub.region) : null;
  actor.hubPhone = hubKey;
  if (hubKey) phenomena.add('hub-phone');

  const activity = new ActivityBuilder(rng, actor);
  const powerUser = has('power-user') || rng.chance(0.001);
  if (!ghost) {
    activity.foundations(eventsFrom, window.end);
    const cap = Math.max(3, Math.ceil((window.end - eventsFrom) / DAY_MS) * 3);
    activity.everyday(Math.min(cap, eventCount(rng, powerUser)), eventsFrom, window.end);
    phenomena.add('seen');
    phenomena.add(has('age-mismatch') || has('ssn-before-birth') ? 'age-mismatch' : 'age-matched');
    if (powerUser) phenomena.add('power-user');
  } else {
    phenomena.add('ghost');
  }
  const sightings = activity.sightings;

  const breaches = personBreaches(rng, { has, ghost, window, now, emails, phones: phones.dated, phenomena });
  const records = (at: number, keys: SeedKey[], extra: Partial<(typeof sightings)[number]> = {}) =>
    sightings.push({ at, type: null, feed: 'records', country: null, location: null, keys, ...extra });
  for (const breach of breaches) records(breach.at, breach.keys);
  const phoneRecords = [...phones.records, ...(plan.hub?.records ?? [])];
  for (const record of phoneRecords) {
    const key = record.phone === plan.hub?.phone ? hubKey : phones.keyOf(record.phone);
    if (key) records(record.at, [key], { bare: true });
  }
  for (const profile of profiles) {
    const keys = profile.owner ? [profile.key, profile.owner] : [profile.key];
    records(profile.record.createdAt, keys, {
      country: profile.record.country,
      profileCountry: profile.record.country,
    });
  }

  phenomena.add(us ? 'us' : 'non-us');
  const fatf = fatfStatus(country);
  if (fatf === 'CALL_FOR_ACTION') phenomena.add('fatf-high');
  if (fatf === 'INCREASED_MONITORING') phenomena.add('fatf-increased');
  if (plan.sanctioned)
    phenomena.add(plan.sanctioned.atListedPlace ? 'sanctioned-name-loc' : 'sanctioned-name');
  labelSeen(phenomena, sightings, emails[0]?.key, now);

  return {
    index,
    country,
    name,
    birthday: birthdayFor(now, age),
    ssn,
    emails: emails.map((e) => e.address),
    phones: [...phones.dated.map((p) => p.key.value), ...(hubKey ? [hubKey.value] : [])],
    profiles: profiles.map((p) => p.key.value),
    addresses: homes,
    ips: ips.map((ip) => ip.key.value),
    firstSeen: window.start,
    lastSeen: window.end,
    sightings,
    breaches,
    phoneRecords,
    profileRecords: profiles.map((p) => p.record),
    phenomena,
  };
}

/** First and last seen bands of the primary email, from what the graph will hold. */
function labelSeen(
  phenomena: Set<Phenomenon>,
  sightings: { at: number; keys: SeedKey[] }[],
  primary: SeedKey | undefined,
  now: number,
) {
  if (!primary) return;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of sightings) {
    if (!s.keys.includes(primary)) continue;
    first = Math.min(first, s.at);
    last = Math.max(last, s.at);
  }
  if (!Number.isFinite(first)) return;
  const ago = (t: number) => (now - t) / YEAR_MS;
  const firstAgo = ago(first);
  phenomena.add(
    firstAgo * 365.25 < 30
      ? 'first-seen-new'
      : firstAgo < 1
        ? 'first-seen-recent'
        : firstAgo <= 5
          ? 'first-seen-older'
          : 'first-seen-long-ago',
  );
  const lastAgo = ago(last);
  phenomena.add(lastAgo <= 1 ? 'last-seen-recent' : lastAgo <= 5 ? 'last-seen-older' : 'last-seen-long-ago');
}
