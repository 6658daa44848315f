// One email with a very large history (the Signals latency benchmark: an email with a million
// observations over a year), tied to a phone and a name by its sign-up like anyone else.
import type { ObservationType } from '@/lib/db/schema';
import { emailKey, ipKey, nameKey, phoneKey } from './keys';
import { makePhone } from './phones';
import { placeOf } from './places';
import { hashSeed, Rng } from './prng';
import { DAY_MS, eventTime } from './schedule';
import type { GenContext, SeedPerson, SeedSighting } from './types';

const TYPES: readonly (readonly [ObservationType, number])[] = [
  ['visitor', 50],
  ['click', 30],
  ['signals', 20],
];
const FEEDS: Readonly<Record<string, readonly string[]>> = {
  visitor: ['web', 'mobile-app'],
  click: ['newsletter', 'ads'],
  signals: ['risk-api'],
};

export function heavyEmailAddress(seed: number): string {
  return `heavy.signals.${seed}@gmail.com`;
}

/** `observations` sightings of the email over the last year (the sign-up included). */
export function heavyPerson(ctx: GenContext, index: number, observations: number): SeedPerson {
  const rng = new Rng(hashSeed(ctx.seed, 'heavy'));
  const address = heavyEmailAddress(ctx.seed);
  ctx.claim(`email|${address}`);
  let phone = makePhone(rng, placeOf('US'));
  while (!ctx.claim(`phone|${phone.e164}`)) phone = makePhone(rng, placeOf('US'));
  const email = emailKey(address);
  const name = { given: 'Heavy', middle: null, family: 'Signals' };
  const ip = ipKey('73.1.2.3');
  const start = Math.floor(ctx.now - 365 * DAY_MS);
  const sightings: SeedSighting[] = [
    {
      at: start,
      type: 'signup',
      feed: 'web',
      country: 'US',
      location: null,
      keys: [email, phoneKey(phone.e164, phone.region), nameKey(name), ip],
    },
  ];
  for (let i = 1; i < observations; i++) {
    const type = rng.weighted(TYPES);
    sightings.push({
      at: eventTime(rng, start, ctx.now, -5),
      type,
      feed: rng.pick(FEEDS[type] ?? ['web']),
      country: 'US',
      location: null,
      keys: [email],
    });
  }
  return {
    index,
    country: 'US',
    name,
    birthday: '1990-01-01',
    ssn: null,
    emails: [address],
    phones: [phone.e164],
    profiles: [],
    addresses: [],
    ips: [ip.value],
    firstSeen: start,
    lastSeen: sightings.reduce((last, s) => Math.max(last, s.at), start),
    sightings,
    breaches: [],
    phoneRecords: [],
    profileRecords: [],
    phenomena: new Set(['seen', 'power-user']),
  };
}
