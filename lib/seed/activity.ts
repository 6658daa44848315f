// A person's activity as events: sign-ups that tie their identifiers together, a bank
// onboarding with the SSN, social logins, then everyday visits, clicks and checks on the rhythm
// of schedule.ts. Each event is one sighting, as POST /api/events would store it.
import type { ObservationType } from '@/lib/db/schema';
import type { Rng } from './prng';
import { eventTime, MINUTE_MS } from './schedule';
import type { SeedKey, SeedSighting } from './types';

export interface Dated {
  key: SeedKey;
  /** From when the identifier is in use. */
  from: number;
}

export interface DatedIp extends Dated {
  country: string | null;
  weight: number;
}

export interface DatedAddress extends Dated {
  country: string;
}

export interface Actor {
  emails: Dated[];
  phones: Dated[];
  hubPhone: SeedKey | null;
  /** Profiles whose creation record names no owner email get a social login instead. */
  unownedProfiles: Dated[];
  name: SeedKey;
  addresses: DatedAddress[];
  ssn: SeedKey | null;
  employment: SeedKey | null;
  ips: DatedIp[];
  utcOffset: number;
}

const TYPE_WEIGHTS: readonly (readonly [ObservationType, number])[] = [
  ['visitor', 38],
  ['click', 27],
  ['signals', 12],
  ['id_resolution', 10],
  ['signup', 7],
  ['verification', 3],
];

const FEEDS: Readonly<Record<ObservationType, readonly string[]>> = {
  visitor: ['web', 'mobile-app'],
  click: ['newsletter', 'ads'],
  signals: ['risk-api'],
  id_resolution: ['crm', 'social-login'],
  signup: ['web', 'mobile-app'],
  verification: ['bank-onboarding', 'checkout'],
};

/** The latest of the items in use at `at` (the current address), else the first. */
function current<T extends Dated>(items: readonly T[], at: number): T | undefined {
  let found: T | undefined;
  for (const item of items) if (item.from <= at && (!found || item.from >= found.from)) found = item;
  return found ?? items[0];
}

/** One of the items in use at `at`, the first (primary) three times as likely as each other. */
function oneOf<T extends Dated>(rng: Rng, items: readonly T[], at: number): T | undefined {
  const usable = items.filter((item) => item.from <= at);
  if (usable.length <= 1) return usable[0] ?? items[0];
  return rng.weighted(usable.map((item, i) => [item, i === 0 ? 3 : 1] as const));
}

function ipAt(rng: Rng, actor: Actor, at: number): DatedIp | undefined {
  const usable = actor.ips.filter((ip) => ip.from <= at);
  if (usable.length === 0) return actor.ips[0];
  return rng.weighted(usable.map((ip) => [ip, ip.weight] as const));
}

export class ActivityBuilder {
  readonly sightings: SeedSighting[] = [];

  constructor(
    private readonly rng: Rng,
    private readonly actor: Actor,
  ) {}

  /**
   * One event; the IP in use supplies the event's country, an address its location. `ip` null:
   * no IP (a Signals call from a server); undefined: the one in use at `at`.
   */
  event(
    type: ObservationType,
    at: number,
    keys: (SeedKey | undefined | null)[],
    options: { address?: boolean; ip?: DatedIp | null } = {},
  ): void {
    const used = options.ip === undefined ? ipAt(this.rng, this.actor, at) : options.ip;
    const address = options.address ? current(this.actor.addresses, at) : undefined;
    // One key per identifier, as identifierKeys keeps them.
    const unique: SeedKey[] = [];
    for (const key of [...keys, used?.key, address?.key]) {
      if (key && !unique.some((k) => k === key || (k.kind === key.kind && k.value === key.value)))
        unique.push(key);
    }
    if (unique.length === 0) return;
    this.sightings.push({
      at: Math.floor(at),
      type,
      feed: this.rng.pick(FEEDS[type]),
      country: used?.country ?? null,
      location: address?.country ?? null,
      keys: unique,
    });
  }

  /** Sign-ups and links that make one cluster of the person's emails, phones and profiles. */
  foundations(eventsFrom: number, end: number): void {
    const { actor, rng } = this;
    const primary = actor.emails[0];
    if (!primary) return;
    const between = (from: number) => eventTime(rng, Math.max(from, eventsFrom), end, actor.utcOffset);
    const signedUp = new Set<SeedKey>();
    for (const email of actor.emails) {
      const phone = current(actor.phones, email.from);
      const phoneKey = phone && phone.from <= email.from ? phone.key : null;
      if (phoneKey && email === primary) signedUp.add(phoneKey);
      const address = email === primary || rng.chance(0.5);
      this.event('signup', email.from, [email.key, phoneKey, actor.name], { address });
      // Account linking ties every later address to the first one.
      if (email !== primary) this.event('id_resolution', email.from + MINUTE_MS, [primary.key, email.key]);
    }
    // A change of address, as a CRM feed reports it.
    for (const address of actor.addresses.slice(1)) {
      this.event('signup', address.from, [current(actor.emails, address.from)?.key, actor.name], {
        address: true,
      });
    }
    // A number added after the first sign-up is tied to the email in use then.
    for (const phone of actor.phones) {
      if (signedUp.has(phone.key)) continue;
      this.event('id_resolution', phone.from, [current(actor.emails, phone.from)?.key, phone.key]);
    }
    for (const profile of actor.unownedProfiles) {
      const at = between(profile.from);
      this.event('id_resolution', at, [oneOf(rng, actor.emails, at)?.key, profile.key]);
    }
    if (actor.ssn) {
      const at = between(eventsFrom);
      const phone = current(actor.phones, at);
      this.event('verification', at, [current(actor.emails, at)?.key, phone?.key, actor.name, actor.ssn], {
        address: true,
      });
    }
    if (actor.employment) {
      const at = between(eventsFrom);
      this.event('signup', at, [current(actor.emails, at)?.key, actor.employment, actor.name]);
    }
    if (actor.hubPhone) {
      const at = between(eventsFrom);
      this.event('signup', at, [current(actor.emails, at)?.key, actor.hubPhone]);
    }
  }

  /** Everyday events on the daily and weekly rhythm, and a last visit at `end`. */
  everyday(count: number, eventsFrom: number, end: number): void {
    const { actor, rng } = this;
    for (let i = 0; i < count; i++) {
      const at = eventTime(rng, eventsFrom, end, actor.utcOffset);
      const type = rng.weighted(TYPE_WEIGHTS);
      const email = oneOf(rng, actor.emails, at)?.key;
      switch (type) {
        case 'signals':
          this.event(type, at, [email], { ip: null });
          break;
        case 'id_resolution':
          this.event(type, at, [email, oneOf(rng, actor.phones, at)?.key]);
          break;
        case 'verification':
          this.event(type, at, [email, oneOf(rng, actor.phones, at)?.key, actor.name], { address: true });
          break;
        default:
          this.event(type, at, [email]);
      }
    }
    // Rare addresses (a VPN, a trip abroad) show up at least once.
    for (const ip of actor.ips) {
      if (ip.weight < 1 && ip.from <= end) {
        this.event('visitor', rng.between(Math.max(ip.from, eventsFrom), end), [actor.emails[0]?.key], {
          ip,
        });
      }
    }
    this.event('visitor', end, [actor.emails[0]?.key]);
  }
}
