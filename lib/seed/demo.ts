// The small graph `npm start` seeds on an empty database: every planted situation at least
// once (one block of the population), in well under a second.
import { DEMO_WORKSPACE } from '@/lib/services/bootstrap';
import { type SeedSummary, seedGraph } from './write';

export const DEMO_PERSONS = 200;
export const DEMO_SEED = 42;

export function seedDemo(databaseUrl: string, workspace = DEMO_WORKSPACE): Promise<SeedSummary> {
  return seedGraph(databaseUrl, { persons: DEMO_PERSONS, workspace, seed: DEMO_SEED, actor: 'system' });
}
