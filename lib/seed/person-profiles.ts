// A person's social profiles with creation dates from weeks to twelve years ago. A profile's
// record names the email that existed when it was created as its owner; older profiles have
// none and meet the person's emails through a later social login instead.
import { asciiLetters } from '@/lib/engine/checks/name-match';
import type { Dated } from './activity';
import { profileKey } from './keys';
import type { Phenomenon } from './phenomena';
import type { Rng } from './prng';
import { DAY_MS, YEAR_MS } from './schedule';
import type { GenContext, SeedKey, SeedName, SeedProfileRecord } from './types';

const SERVICES = ['twitter', 'github', 'linkedin', 'facebook', 'instagram', 'reddit', 'tiktok'] as const;

type AgeBand = 'new' | 'recent' | 'older';

export interface ProfileOptions {
  name: SeedName;
  country: string;
  has: (p: Phenomenon) => boolean;
  window: { start: number; end: number };
  birthMs: number;
  breaksAge: boolean;
  emails: Dated[];
  now: number;
  phenomena: Set<Phenomenon>;
}

export interface SeedProfile {
  key: SeedKey;
  record: SeedProfileRecord;
  owner: SeedKey | null;
}

function ageOf(rng: Rng, band: AgeBand): number {
  switch (band) {
    case 'new':
      return rng.between(14, 350) * DAY_MS;
    case 'recent':
      return rng.between(1.05, 4.9) * YEAR_MS;
    case 'older':
      return rng.between(5.1, 12) * YEAR_MS;
  }
}

function handleFor(rng: Rng, name: SeedName): string {
  const given = asciiLetters(name.given) || 'user';
  const family = asciiLetters(name.family) || 'profile';
  return rng.pick([
    `${given}${family}`,
    `${given}_${family}`,
    `${given.slice(0, 1)}${family}`,
    `${family}${given.slice(0, 1)}`,
  ]);
}

export function personProfiles(rng: Rng, ctx: GenContext, o: ProfileOptions): SeedProfile[] {
  const forced: AgeBand | undefined = o.has('profile-new')
    ? 'new'
    : o.has('profile-recent')
      ? 'recent'
      : o.has('profile-older')
        ? 'older'
        : undefined;
  const count = Math.max(
    forced ? 1 : 0,
    rng.weighted([
      [0, 35],
      [1, 35],
      [2, 20],
      [3, 10],
    ] as const),
  );
  const services = rng.shuffle([...SERVICES]).slice(0, count);
  // Nobody opens an account before thirteen, nor after they stopped being seen.
  const earliest = o.breaksAge ? o.birthMs + 6 * YEAR_MS : o.birthMs + 13 * YEAR_MS;
  return services.map((service) => {
    const band =
      forced ??
      rng.weighted<AgeBand>([
        ['new', 15],
        ['recent', 45],
        ['older', 40],
      ]);
    const createdAt = Math.floor(Math.min(o.window.end, Math.max(earliest, o.now - ageOf(rng, band))));
    let handle = handleFor(rng, o.name);
    for (let attempt = 0; !ctx.claim(`profile|${service}:${handle}`); attempt++) {
      handle = `${handleFor(rng, o.name)}${attempt < 3 ? rng.int(1, 99) : rng.int(100, 999_999)}`;
    }
    const age = (o.now - createdAt) / YEAR_MS;
    o.phenomena.add(age < 1 ? 'profile-new' : age < 5 ? 'profile-recent' : 'profile-older');
    // The owner is the email in use when the profile was made, if there was one yet.
    const owner = [...o.emails].reverse().find((e) => e.from <= createdAt)?.key ?? null;
    const key = profileKey(service, handle);
    return {
      key,
      owner,
      record: {
        key,
        service,
        handle,
        createdAt,
        followers: Math.round(rng.logNormal(150, 1.5)),
        following: Math.round(rng.logNormal(120, 1.1)),
        country: o.country,
      },
    };
  });
}
