// Seeds a workspace's identity graph: people are generated in batches of whole blocks, each
// batch aggregated in memory (GraphBatch) and written in one transaction with COPY; a batch
// whose identifiers the graph already holds goes through observe() instead (write-online.ts).
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { serverSecret } from '@/lib/config/secret';
import { keyedHash } from '@/lib/crypto/seal';
import * as schema from '@/lib/db/schema';
import { workspaces } from '@/lib/db/schema';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from '@/lib/services/audit';
import { seedDecisionReasons } from '@/lib/services/decisions/reasons';
import { type Prepared, prepareBatch } from './batch';
import { Claims } from './claims';
import { heavyEmailAddress, heavyPerson } from './heavy';
import { BLOCK_SIZE, personStream } from './population';
import type { GenContext, SeedPerson } from './types';
import { type BatchContext, type BatchCounts, createStaging, writeBatchFast } from './write-fast';
import { writeBatchOnline } from './write-online';

export interface SeedGraphOptions {
  persons: number;
  workspace: string;
  seed: number;
  heavyEmailObservations?: number;
  /** Seed a workspace that was seeded before (adds a second copy of every observation). */
  force?: boolean;
  /** Write every batch through observe() (the service's path): slow, for comparing the two. */
  online?: boolean;
  /** People per transaction; rounded to whole blocks. */
  batchSize?: number;
  now?: Date;
  /** Who the audit rows name: `cli` or `system`. */
  actor?: string;
  onProgress?: (done: number, summary: SeedSummary) => void;
}

export interface SeedSummary {
  workspace: string;
  persons: number;
  identifiers: number;
  observations: number;
  links: number;
  seconds: number;
  heavyEmail: string | null;
  /** Batches that met identifiers already in the graph and went through observe(). */
  onlineBatches: number;
}

export class SeedRefusedError extends Error {}

const UNIQUE_VIOLATION = '23505';

async function ensureWorkspace(client: pg.Client, name: string, actor: string): Promise<string> {
  const db = drizzle({ client, schema });
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(workspaces)
      .values({ id: newId('ws'), name })
      .onConflictDoNothing({ target: workspaces.name })
      .returning({ id: workspaces.id });
    if (created) {
      await writeAudit(tx, {
        workspaceId: created.id,
        actor,
        action: 'workspace.create',
        targetId: created.id,
        metadata: { name },
      });
      await seedDecisionReasons(tx, created.id);
      return created.id;
    }
    const [existing] = await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.name, name));
    if (!existing) throw new Error(`workspace ${name} vanished`);
    return existing.id;
  });
}

/**
 * Refuses to seed a workspace that already holds graph data, unless forced. The mark is the
 * data itself (the workspace's sealed email cleartexts, one index probe), not an audit row:
 * npm start's demo seed, an earlier CLI seed and live calls all leave it.
 */
async function refuseSecondSeed(client: pg.Client, workspaceId: string, options: SeedGraphOptions) {
  if (options.force) return;
  const held = await client.query('select 1 from email_cleartexts where workspace_id = $1 limit 1', [
    workspaceId,
  ]);
  if (held.rows.length > 0) {
    throw new SeedRefusedError(
      `workspace "${options.workspace}" already holds identity-graph data (an earlier seed, the demo graph of ` +
        'npm start, or live calls). Seeding it again would add a second copy of every observation of the same ' +
        'people (the same seed makes the same people), doubling their counts, rollups and link observations. ' +
        'Pass --force to do it anyway, or seed another --workspace.',
    );
  }
}

/**
 * Whether this session may skip foreign-key triggers (superusers, as in the embedded database).
 * The bulk path references only identifiers it inserts in the same transaction, and
 * `npm run seed:check` verifies that no row points nowhere; the checks halve COPY throughput.
 */
async function canSkipTriggers(client: pg.Client): Promise<boolean> {
  try {
    await client.query('set session_replication_role = replica');
    await client.query('reset session_replication_role');
    return true;
  } catch {
    return false;
  }
}

async function writeBatch(
  client: pg.Client,
  { persons, batch }: Prepared,
  ctx: BatchContext,
  mode: { skipTriggers: boolean; online: boolean },
): Promise<BatchCounts & { online: boolean }> {
  if (!mode.online) {
    await client.query('begin');
    try {
      // A seed can be rerun; waiting for each commit's WAL flush buys nothing here.
      await client.query('set local synchronous_commit = off');
      if (mode.skipTriggers) await client.query('set local session_replication_role = replica');
      const counts = await writeBatchFast(client, batch, ctx);
      await client.query('commit');
      return { ...counts, online: false };
    } catch (error) {
      await client.query('rollback');
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    }
  }
  // One transaction per block: observe() takes a lock per cluster it touches, and a block holds
  // every ring and hub whole, so this is the same graph as one call for the batch.
  const blocks = new Map<number, SeedPerson[]>();
  for (const person of persons) {
    const block = Math.floor(person.index / BLOCK_SIZE);
    const people = blocks.get(block);
    if (people) people.push(person);
    else blocks.set(block, [person]);
  }
  const total = { identifiers: 0, observations: 0, links: 0, online: true };
  for (const people of blocks.values()) {
    await client.query('begin');
    try {
      const counts = await writeBatchOnline(client, people, ctx);
      await client.query('commit');
      total.identifiers += counts.identifiers;
      total.observations += counts.observations;
      total.links += counts.links;
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  }
  return total;
}

export async function seedGraph(url: string, options: SeedGraphOptions): Promise<SeedSummary> {
  const started = Date.now();
  const actor = options.actor ?? 'cli';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const workspaceId = await ensureWorkspace(client, options.workspace, actor);
    await refuseSecondSeed(client, workspaceId, options);
    await createStaging(client);
    const mode = { skipTriggers: await canSkipTriggers(client), online: options.online === true };
    const now = options.now?.getTime() ?? Date.now();
    const secret = serverSecret();
    const ctx: BatchContext = { workspaceId, secret, ssnHash: (digits) => keyedHash(secret, digits), now };
    const heavy = options.heavyEmailObservations ?? 0;
    const claims = new Claims(options.persons * 8 + 1000);
    const gen: GenContext = { seed: options.seed, now, claim: (tag) => claims.claim(tag) };
    const batchSize = Math.max(BLOCK_SIZE, Math.round((options.batchSize ?? 5000) / BLOCK_SIZE) * BLOCK_SIZE);
    const summary: SeedSummary = {
      workspace: options.workspace,
      persons: 0,
      identifiers: 0,
      observations: 0,
      links: 0,
      seconds: 0,
      heavyEmail: heavy > 0 ? heavyEmailAddress(options.seed) : null,
      onlineBatches: 0,
    };
    const add = (counts: BatchCounts & { online: boolean }, persons: number) => {
      summary.persons += persons;
      summary.identifiers += counts.identifiers;
      summary.observations += counts.observations;
      summary.links += counts.links;
      if (counts.online) summary.onlineBatches++;
      summary.seconds = (Date.now() - started) / 1000;
      options.onProgress?.(summary.persons, summary);
    };
    // While batch k is written, batch k+1 is generated: one transaction at a time, two cores busy.
    let writing: Promise<void> = Promise.resolve();
    const write = async (prepared: Prepared, persons: number) => {
      await writing;
      writing = writeBatch(client, prepared, ctx, mode).then((counts) => add(counts, persons));
      // Failures surface at the next await of `writing`, not as an unhandled rejection meanwhile.
      writing.catch(() => undefined);
    };
    for (let from = 0; from < options.persons; from += batchSize) {
      const to = Math.min(options.persons, from + batchSize);
      await write(await prepareBatch(personStream(gen, from, to), workspaceId), to - from);
    }
    if (heavy > 0)
      await write(await prepareBatch([heavyPerson(gen, options.persons, heavy)], workspaceId), 0);
    await writing;
    // Fresh statistics so the first queries on the new graph get sensible plans.
    await client.query('analyze identifiers, identifier_links, observations, observation_rollups');
    summary.seconds = (Date.now() - started) / 1000;
    return summary;
  } finally {
    await client.end().catch(() => undefined);
  }
}
