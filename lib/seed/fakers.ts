// One faker per locale, each drawing from its own seeded sfc32 stream: `faker.seed(n)` per person
// makes a person's names and addresses depend on the run's seed and their index only.
import {
  base,
  de,
  en,
  en_AU,
  en_CA,
  en_GB,
  en_IN,
  en_US,
  es,
  es_MX,
  Faker,
  fr,
  pt_BR,
} from '@faker-js/faker';
import type { FakerLocale } from './places';
import { Rng } from './prng';

const DEFINITIONS = { en_US, en_GB, en_CA, en_AU, en_IN, de, fr, es, es_MX, pt_BR } as const;

const cache = new Map<FakerLocale, Faker>();

export function fakerFor(locale: FakerLocale): Faker {
  const cached = cache.get(locale);
  if (cached) return cached;
  const rng = new Rng(0);
  // Faker calls the randomizer's methods unbound.
  const randomizer = { next: () => rng.next(), seed: (seed: number | number[]) => rng.seed(seed) };
  const created = new Faker({ locale: [DEFINITIONS[locale], en, base], randomizer });
  cache.set(locale, created);
  return created;
}
