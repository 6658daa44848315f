import { describe, expect, it } from 'vitest';
import { classifyEmailDomain } from '@/lib/engine/checks/email-domain';
import { classifyLocalPart } from '@/lib/engine/checks/email-user-portion';
import { nameParts } from '@/lib/engine/checks/name-match';
import { type IdentifierKey, identifierKeys } from '@/lib/engine/graph/identifier-keys';
import { normalizePhone } from '@/lib/engine/normalize/phone';
import { parseIdentifierFields } from '@/lib/engine/request';
import type { NormalizedRequest } from '@/lib/engine/types';
import { aggregate } from '@/lib/seed/batch';
import { Claims } from '@/lib/seed/claims';
import { locationFields } from '@/lib/seed/keys';
import { PHENOMENON_NAMES } from '@/lib/seed/phenomena';
import { BLOCK_SIZE, generatePersons, SCENARIOS } from '@/lib/seed/population';
import { Rng } from '@/lib/seed/prng';
import { DAY_MS, eventTime, HOUR_MS, YEAR_MS } from '@/lib/seed/schedule';
import type { SeedKey, SeedPerson } from '@/lib/seed/types';
import { HUB_LINK_LIMIT } from '@/lib/services/graph/observe';

const NOW = Date.parse('2026-11-01T12:00:00Z');

function people(seed: number, count: number): SeedPerson[] {
  const claims = new Claims(count * 8);
  return generatePersons({ seed, now: NOW, claim: (tag) => claims.claim(tag) }, 0, count);
}

const sample = people(42, 2000);
const keysOf = (p: SeedPerson) => p.sightings.flatMap((s) => s.keys);
const distinct = <T>(items: T[]) => [...new Set(items)];

/** The keys the service's own parser and identifierKeys make of an ingested body. */
function parsedKeys(body: Record<string, unknown>): IdentifierKey[] {
  const parsed = parseIdentifierFields(body, { requireMinimum: false });
  if (!parsed.ok) throw new Error(`unparseable: ${JSON.stringify(parsed.errors)}`);
  return identifierKeys(parsed.value as NormalizedRequest, (digits) => digits);
}

const plain = ({ kind, value, md5, sha1, address }: IdentifierKey | SeedKey) => ({
  kind,
  value,
  md5,
  sha1,
  address,
});

describe('seed generators: determinism', () => {
  it('gives the same people for the same seed and clock', () => {
    const again = people(42, 300);
    expect(JSON.stringify(again, (_, v) => (v instanceof Set ? [...v] : v))).toBe(
      JSON.stringify(sample.slice(0, 300), (_, v) => (v instanceof Set ? [...v] : v)),
    );
  });

  it('gives other people for another seed', () => {
    const other = people(43, 50);
    expect(other.map((p) => p.emails[0])).not.toEqual(sample.slice(0, 50).map((p) => p.emails[0]));
  });
});

describe('seed generators: variety in 2,000 people', () => {
  it('plants every listed phenomenon', () => {
    const seen = new Set(sample.flatMap((p) => [...p.phenomena]));
    expect(PHENOMENON_NAMES.filter((name) => !seen.has(name))).toEqual([]);
  });

  it('shows in each planted person the situation it was planted for', () => {
    for (const p of sample) {
      const planted = SCENARIOS[p.index % BLOCK_SIZE] ?? [];
      for (const phenomenon of planted)
        expect(p.phenomena.has(phenomenon), `${p.index} ${phenomenon}`).toBe(true);
    }
  });

  it('has free, business, disposable, education and government mailboxes, and .invalid domains', () => {
    const domains = sample.flatMap((p) => p.emails.map((e) => e.split('@')[1] ?? ''));
    const types = new Set(domains.map(classifyEmailDomain));
    expect([...types].sort()).toEqual(['BUSINESS', 'DISPOSABLE', 'EDUCATION', 'FREE', 'GOVERNMENT']);
    expect(domains.some((d) => d.endsWith('.invalid'))).toBe(true);
  });

  it('has name-based, role, numeric, random and other local parts', () => {
    const styles = new Set(
      sample.flatMap((p) =>
        p.emails.map((e) => classifyLocalPart(e.split('@')[0] ?? '', nameParts(p.name)).type),
      ),
    );
    expect([...styles].sort()).toEqual(['NAME_BASED', 'NUMERIC', 'OTHER', 'RANDOM', 'ROLE']);
  });

  it('makes only valid phone numbers whose plan type covers mobile, landline, VoIP and toll-free', () => {
    const phones = sample.flatMap(keysOf);
    const types = new Set<string>();
    for (const key of phones.filter((k) => k.kind === 'phone')) {
      const parsed = normalizePhone(key.value);
      expect(parsed.valid && parsed.e164 === key.value && parsed.region === key.region, key.value).toBe(true);
      types.add(parsed.lineType ?? 'none');
    }
    for (const type of ['MOBILE', 'LANDLINE', 'VOIP', 'TOLL_FREE', 'FIXED_LINE_OR_MOBILE'])
      expect(types).toContain(type);
  });

  it('keys every identifier exactly as the ingestion parser does', () => {
    for (const p of sample.slice(0, 400)) {
      const keys = distinct(keysOf(p));
      const find = (kind: string, value: string) => keys.find((k) => k.kind === kind && k.value === value);
      for (const address of p.emails) {
        const [expected] = parsedKeys({ emails: [address] });
        const actual = expected && find('email', expected.value);
        expect(actual && plain(actual)).toEqual(expected && plain(expected));
      }
      for (const phone of p.phones) {
        const [expected] = parsedKeys({ phones: [phone] });
        expect(expected?.value).toBe(phone);
        expect(expected?.countries).toEqual([find('phone', phone)?.region]);
      }
      for (const home of p.addresses) {
        const expected = parsedKeys({ name: p.name, location: locationFields(home) }).find(
          (k) => k.kind === 'address',
        );
        expect(find('address', expected?.value ?? '')).toBeDefined();
      }
      const [name] = parsedKeys({ name: p.name });
      if (p.phenomena.has('seen')) expect(find('name', name?.value ?? '')).toBeDefined();
      for (const profile of p.profiles) {
        const [service, handle] = profile.split(':');
        expect(parsedKeys({ profiles: [{ service, username: handle }] })[0]?.value).toBe(profile);
      }
      if (p.ssn) expect(parsedKeys({ ssns: [p.ssn] })[0]?.value).toBe(p.ssn);
    }
  });

  it('shares one SSN across three to six names in a ring, and one phone across 30+ emails', () => {
    const bySsn = new Map<string, Set<string>>();
    for (const p of sample.filter((x) => x.phenomena.has('ssn-ring'))) {
      const names = bySsn.get(p.ssn ?? '') ?? new Set<string>();
      names.add(`${p.name.given} ${p.name.family}`);
      bySsn.set(p.ssn ?? '', names);
    }
    expect(bySsn.size).toBe(2);
    for (const names of bySsn.values()) expect(names.size).toBeGreaterThanOrEqual(3);

    const batch = aggregate('ws_test', sample);
    const hubs = batch.identifiers.filter((i) => i.isHub);
    expect(hubs.length).toBeGreaterThanOrEqual(2);
    for (const hub of hubs) {
      expect(hub.key.kind).toBe('phone');
      expect(hub.linkCount).toBeGreaterThan(HUB_LINK_LIMIT);
      expect(hub.linkCount).toBeGreaterThanOrEqual(30);
      expect(hub.person).toBe(-1);
    }
    // The ring's SSN is not a hub: it merges its personas into one person.
    const ringSsn = batch.identifiers.find((i) => i.key.kind === 'ssn' && bySsn.has(i.key.value));
    const ringEmails = batch.identifiers.filter(
      (i) => i.key.kind === 'email' && i.person === ringSsn?.person,
    );
    expect(ringSsn?.person).toBeGreaterThanOrEqual(0);
    expect(ringEmails.length).toBeGreaterThanOrEqual(3);
  });

  it('has SSNs with invalid areas and SSNs issued before a young birthday', () => {
    const invalid = sample.filter((p) => p.ssn && /^(000|666|9\d\d)/.test(p.ssn));
    expect(invalid.length).toBeGreaterThan(0);
    const early = sample.filter((p) => p.phenomena.has('ssn-before-birth'));
    for (const p of early) expect(p.birthday > '2011-06-25' && p.ssn?.startsWith('001')).toBe(true);
    expect(sample.every((p) => /^\d{4}-\d{2}-\d{2}$/.test(p.birthday))).toBe(true);
  });

  it('has breaches of the last 7 days, the last 30 days and older', () => {
    const ages = sample.flatMap((p) => p.breaches.map((b) => (NOW - b.at) / DAY_MS));
    expect(ages.some((d) => d < 7)).toBe(true);
    expect(ages.some((d) => d > 7 && d < 30)).toBe(true);
    expect(ages.some((d) => d > 30)).toBe(true);
  });

  it('has numbers ported within 30 days and long ago, from every previous line type', () => {
    const ports = sample.flatMap((p) => {
      const byPhone = new Map<string, SeedPerson['phoneRecords']>();
      for (const r of p.phoneRecords) byPhone.set(r.phone, [...(byPhone.get(r.phone) ?? []), r]);
      return [...byPhone.values()].flatMap((records) =>
        records.length === 2 && records[0] && records[1] && records[0].carrier !== records[1].carrier
          ? [{ at: records[1].at, before: records[0].lineType }]
          : [],
      );
    });
    expect(ports.some((p) => NOW - p.at < 30 * DAY_MS)).toBe(true);
    expect(ports.some((p) => NOW - p.at > 365 * DAY_MS)).toBe(true);
    expect(new Set(ports.map((p) => p.before))).toEqual(
      new Set(['MOBILE', 'LANDLINE', 'VOIP', 'TOLL_FREE', 'PREPAID']),
    );
    const dno = new Set(sample.flatMap((p) => p.phoneRecords.map((r) => r.dno)));
    expect(dno).toContain('voice');
    expect(dno).toContain('text');
  });

  it('has profiles from weeks to twelve years old, some outside the US', () => {
    const records = sample.flatMap((p) => p.profileRecords);
    const ages = records.map((r) => (NOW - r.createdAt) / YEAR_MS);
    expect(Math.min(...ages)).toBeLessThan(0.2);
    expect(Math.max(...ages)).toBeGreaterThan(10);
    expect(ages.every((age) => age >= 0 && age <= 12)).toBe(true);
    expect(records.some((r) => r.country !== 'US')).toBe(true);
  });

  it('has people never seen at all: known from a breach, with no observation', () => {
    const ghosts = sample.filter((p) => p.phenomena.has('ghost'));
    expect(ghosts.length).toBeGreaterThan(0);
    for (const ghost of ghosts) {
      expect(ghost.sightings.every((s) => s.type === null)).toBe(true);
      expect(ghost.breaches.length).toBeGreaterThan(0);
    }
  });

  it('follows daily and weekly rhythms', () => {
    const hours = new Array<number>(24).fill(0);
    const weekdays = new Array<number>(7).fill(0);
    for (const p of sample.filter((x) => x.country === 'US')) {
      for (const s of p.sightings) {
        if (!s.type) continue;
        const local = s.at - 6 * HOUR_MS;
        const hour = new Date(local).getUTCHours();
        const day = new Date(local).getUTCDay();
        hours[hour] = (hours[hour] ?? 0) + 1;
        weekdays[day] = (weekdays[day] ?? 0) + 1;
      }
    }
    const night = (hours[2] ?? 0) + (hours[3] ?? 0) + (hours[4] ?? 0);
    const afternoon = (hours[13] ?? 0) + (hours[14] ?? 0) + (hours[15] ?? 0);
    expect(afternoon).toBeGreaterThan(night * 4);
    const weekend = ((weekdays[0] ?? 0) + (weekdays[6] ?? 0)) / 2;
    const weekday = ((weekdays[1] ?? 0) + (weekdays[2] ?? 0) + (weekdays[3] ?? 0)) / 3;
    expect(weekend).toBeLessThan(weekday * 0.8);
  });

  it('has a long tail of activity: mostly tens of events, a few thousands', () => {
    const counts = sample.map((p) => p.sightings.filter((s) => s.type).length).sort((a, b) => a - b);
    const median = counts[Math.floor(counts.length / 2)] ?? 0;
    expect(median).toBeGreaterThanOrEqual(5);
    expect(median).toBeLessThan(60);
    expect(counts.at(-1)).toBeGreaterThan(300);
  });

  it('keeps every event inside [from, to] and in the past', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 1000; i++) {
      const at = eventTime(rng, NOW - 3 * YEAR_MS, NOW, -5);
      expect(at >= NOW - 3 * YEAR_MS && at <= NOW).toBe(true);
    }
    expect(sample.every((p) => p.sightings.every((s) => s.at <= NOW && s.at > Date.UTC(1990, 0, 1)))).toBe(
      true,
    );
  });
});

describe('GraphBatch: what observe() would write', () => {
  const batch = aggregate('ws_test', sample.slice(0, 500));

  it('counts one observation per key of each event, and rollups that add up to them', () => {
    const events = sample.slice(0, 500).flatMap((p) => p.sightings.filter((s) => s.type));
    const expected = events.reduce((n, s) => n + s.keys.length, 0);
    expect(batch.obsAt.length).toBe(expected);
    expect(batch.identifiers.reduce((n, i) => n + i.observations, 0)).toBe(expected);
    expect([...batch.rollups.values()].reduce((n, r) => n + r.count, 0)).toBe(expected);
  });

  it('resolves each person to one cluster of their emails, phones, profiles and SSN', () => {
    for (const p of sample.slice(0, 500)) {
      const mine = distinct(keysOf(p))
        .filter((k) => ['email', 'phone', 'profile', 'ssn'].includes(k.kind))
        .map((k) => batch.identifiers[batch.indexOf(k.kind, k.value) ?? -1])
        .filter((i) => i !== undefined && !i.isHub);
      if (mine.length < 2) continue;
      expect(new Set(mine.map((i) => i?.person)).size, `person ${p.index}`).toBe(1);
      expect(mine[0]?.person).toBeGreaterThanOrEqual(0);
    }
  });

  it('links only pairs with a merging end, and gives people only to merging identifiers', () => {
    for (const pair of batch.pairs.values()) {
      const a = batch.identifiers[pair.a];
      const b = batch.identifiers[pair.b];
      expect(a?.merging || b?.merging).toBe(true);
      expect(pair.sources.size).toBeGreaterThan(0);
    }
    for (const identifier of batch.identifiers) {
      if (!identifier.merging) expect(identifier.person).toBe(-1);
      if (!identifier.merging) expect(identifier.linkCount).toBe(0);
    }
  });
});
