// Social Security numbers of seeded people. Before the 2011 randomisation the area number told
// the issuing state (SSA area table, reference-data/ssn/area_data.txt); the invalid variants
// are the structures the SSA never issues.
import type { Rng } from './prng';

export type SsnVariant = 'valid' | 'invalid' | 'before-birth';

/** Area ranges of a few states (SSA, pre-2011), for SSNs that fit the person's home state. */
const AREAS: Readonly<Record<string, readonly [number, number]>> = {
  NH: [1, 3],
  MA: [10, 34],
  NY: [50, 134],
  NJ: [135, 158],
  PA: [159, 211],
  VA: [223, 231],
  GA: [252, 260],
  FL: [261, 267],
  OH: [268, 302],
  IL: [318, 361],
  MI: [362, 386],
  TX: [449, 467],
  MN: [468, 477],
  CO: [521, 524],
  AZ: [526, 527],
  WA: [531, 539],
  OR: [540, 544],
  CA: [545, 573],
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function areaFor(rng: Rng, state: string | null): number {
  const range = (state ? AREAS[state] : undefined) ?? rng.pick(Object.values(AREAS));
  return rng.int(range[0], range[1]);
}

/**
 * - valid: an area of the home state, a group issued early (even 10-98), a non-zero serial;
 * - invalid: area 000, 666 or 9xx, which the SSA never issues;
 * - before-birth: an early group of New Hampshire's first area, long issued before the young
 *   person's birthday that comes with it (SYNTHETIC_AGE_MISMATCH, an SSN issued before birth).
 */
export function makeSsn(rng: Rng, variant: SsnVariant, state: string | null): string {
  const serial = pad(rng.int(1, 9999), 4);
  switch (variant) {
    case 'valid':
      return `${pad(areaFor(rng, state), 3)}${pad(2 * rng.int(5, 49), 2)}${serial}`;
    case 'invalid': {
      const area = rng.pick([0, 666, rng.int(900, 999)]);
      return `${pad(area, 3)}${pad(rng.int(1, 99), 2)}${serial}`;
    }
    case 'before-birth':
      return `001${pad(rng.int(1, 5) * 2 - 1, 2)}${serial}`;
  }
}
