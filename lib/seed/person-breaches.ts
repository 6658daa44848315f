// Breaches a person's identifiers appeared in: within the last 7 days, within 30 days, or older
// (BREACHED_IDENTITY_COMPROMISED HIGH, MED, LOW). A breach record is also a sighting of its
// identifiers, so recent breaches only hit people who are still around.
import type { Dated } from './activity';
import type { Phenomenon } from './phenomena';
import type { Rng } from './prng';
import { DAY_MS } from './schedule';
import type { SeedBreach } from './types';

/** Made-up services: the seed does not claim anyone was in a real breach. */
const BREACH_NAMES = [
  'PixelShop',
  'FitTrack',
  'GameVault',
  'TravelNest',
  'ShopRight',
  'ChatterBox',
  'DealDepot',
  'PhotoCloud',
  'QuizHub',
  'RideShareX',
] as const;

export interface BreachOptions {
  has: (p: Phenomenon) => boolean;
  ghost: boolean;
  window: { start: number; end: number };
  now: number;
  emails: Dated[];
  phones: Dated[];
  phenomena: Set<Phenomenon>;
}

type BreachBand = 'breach-7d' | 'breach-30d' | 'breach-older';

export function personBreaches(rng: Rng, o: BreachOptions): SeedBreach[] {
  const { has, now, window } = o;
  const around = window.end > now - 30 * DAY_MS;
  const bands: BreachBand[] = [];
  for (const band of ['breach-7d', 'breach-30d', 'breach-older'] as const) if (has(band)) bands.push(band);
  if (bands.length === 0) {
    if (around && rng.chance(0.0025)) bands.push('breach-7d');
    else if (around && rng.chance(0.006)) bands.push('breach-30d');
    if (o.ghost || rng.chance(0.18)) bands.push('breach-older');
  }
  const names = rng.shuffle([...BREACH_NAMES]);
  const breaches: SeedBreach[] = [];
  bands.forEach((band, i) => {
    const olderUntil = Math.min(window.end, now - 31 * DAY_MS);
    const at =
      band === 'breach-7d'
        ? now - rng.between(0.3, 6.5) * DAY_MS
        : band === 'breach-30d'
          ? now - rng.between(8, 29) * DAY_MS
          : o.ghost
            ? now - rng.between(40, 2000) * DAY_MS
            : rng.between(window.start, Math.max(window.start, olderUntil));
    // A dump holds the address in use then, and often the phone number too.
    const email = o.ghost ? o.emails[0] : ([...o.emails].reverse().find((e) => e.from <= at) ?? o.emails[0]);
    const phone = o.ghost ? o.phones[0] : o.phones.find((p) => p.from <= at);
    const keys = [email?.key, o.ghost || rng.chance(0.5) ? phone?.key : undefined].filter(
      (k) => k !== undefined,
    );
    if (keys.length === 0) return;
    breaches.push({ keys, breach: names[i % names.length] ?? 'PixelShop', at: Math.floor(at) });
    o.phenomena.add(band);
  });
  if (breaches.length === 0) o.phenomena.add('no-breach');
  return breaches;
}
