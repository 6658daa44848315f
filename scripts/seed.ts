// `npm run seed -- --persons N [--workspace demo] [--seed 42] [--heavy-email-observations N] [--force]`:
// a deterministic demo or benchmark identity graph, with a progress bar on stderr and one JSON
// summary line on stdout. Works with or without the server running (same database).
import { parseArgs } from 'node:util';
import { openDatabase } from '@/lib/cli/database-url';
import { fail, UsageError } from '@/lib/cli/json-command';
import { progress } from '@/lib/cli/progress';
import { SeedRefusedError, seedGraph } from '@/lib/seed/write';

const USAGE = `usage:
  seed --persons N [--workspace demo] [--seed 42] [--heavy-email-observations N] [--batch 5000] [--force] [--online] [--now ISO]`;

function wholeNumber(value: string | undefined, flag: string, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`${flag} takes a whole number >= ${min}`);
  return n;
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      persons: { type: 'string' },
      workspace: { type: 'string' },
      seed: { type: 'string' },
      'heavy-email-observations': { type: 'string' },
      batch: { type: 'string' },
      force: { type: 'boolean' },
      online: { type: 'boolean' },
      now: { type: 'string' },
    },
  });
  if (values.persons === undefined) throw new UsageError('--persons is required');
  const persons = wholeNumber(values.persons, '--persons', 0, 1);
  const workspace = values.workspace?.trim() || 'demo';
  const seed = wholeNumber(values.seed, '--seed', 42);
  const heavyEmailObservations = wholeNumber(
    values['heavy-email-observations'],
    '--heavy-email-observations',
    0,
  );
  const batchSize = wholeNumber(values.batch, '--batch', 5000, 1000);
  // Pinning the clock (with the same --seed and VERITY_SECRET) reproduces a graph exactly.
  const now = values.now === undefined ? undefined : new Date(values.now);
  if (now && Number.isNaN(now.getTime())) throw new UsageError('--now takes an ISO 8601 date-time');

  const database = await openDatabase();
  const bar = progress('seed', persons, 'persons');
  try {
    const summary = await seedGraph(database.ownerUrl, {
      persons,
      workspace,
      seed,
      heavyEmailObservations,
      batchSize,
      force: values.force === true,
      online: values.online === true,
      now,
      onProgress: (done, s) =>
        bar.update(done, { note: `${s.observations.toLocaleString('en')} observations` }),
    });
    bar.stop();
    if (summary.heavyEmail) process.stderr.write(`heavy email: ${summary.heavyEmail}\n`);
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    bar.stop();
    await database.stop();
  }
}

main(process.argv.slice(2))
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    if (error instanceof UsageError) fail('USAGE', `${error.message}\n${USAGE}`, 2);
    if (error instanceof SeedRefusedError) fail('ALREADY_SEEDED', error.message, 1);
    fail('FAILED', error instanceof Error ? error.message : String(error), 1);
  });
