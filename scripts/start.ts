// `npm start`: the embedded PostgreSQL (unless DATABASE_URL), migrations, demo data on an empty
// database, a production build if there is none, then the Next.js server.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@/lib/cli/database-url';
import { env } from '@/lib/config/env';
import { serverSecret } from '@/lib/config/secret';
import { roleInfo } from '@/lib/db/app-role';
import { closeDb, configureDatabase, db } from '@/lib/db/client';
import type { EmbeddedHandle } from '@/lib/db/embedded';
import { OFFICIAL_SOURCES } from '@/lib/reference/official-sources';
import { nodeSupport } from '@/lib/runtime/node-support';
import { seedDemo } from '@/lib/seed/demo';
import { bootstrapAdmin, bootstrapDemo } from '@/lib/services/bootstrap';
import { maintainObservationPartitions } from '@/lib/services/maintenance/observation-partitions';
import { importLists } from '@/lib/services/reference/import-lists';
import { type ListUpdateSchedule, scheduleListUpdates } from '@/lib/services/reference/list-update-schedule';
import { pruneUpdateDirs, updateDir, updateLists } from '@/lib/services/reference/update-lists';

const require = createRequire(import.meta.url);
const nextBin = require.resolve('next/dist/bin/next');
/** Stamps each request with its socket's peer address (the sign-in throttle's client address). */
const peerAddressPreload = new URL('./support/peer-address.mjs', import.meta.url).href;
/** Mends what Next.js would refuse before any route runs (router headers on /api, broken %-escapes). */
const requestGuardsPreload = new URL('./support/request-guards.mjs', import.meta.url).href;
/** Stops the server when the launcher is gone (killed alone), so a new start finds the port free. */
const exitWithParentPreload = new URL('./support/exit-with-parent.mjs', import.meta.url).href;

/** Runs SERVER_PROCESSES copies of the web server behind one port (node:cluster). */
const clusterScript = fileURLToPath(new URL('./support/server-cluster.mjs', import.meta.url));

/**
 * Each process holds DATABASE_POOL_MAX (10) connections and one that listens for key changes:
 * 8 processes (88) stay within a stock PostgreSQL's 100. More is a choice: SERVER_PROCESSES=N.
 */
const AUTO_MAX_PROCESSES = 8;

/**
 * SERVER_PROCESSES `auto`: with an external DATABASE_URL (taken to be on other cores; set a
 * number when it is not), a web server process per core; beside the embedded PostgreSQL, half
 * the cores (at least one), since a Verify spends as much CPU in PostgreSQL as in the server
 * (docs/performance-history.md: on 2 cores, 2 processes served fewer Verify and Signals calls than 1).
 * At most AUTO_MAX_PROCESSES either way.
 */
function serverProcesses(configured: number | 'auto', externalDatabase: boolean): number {
  if (configured !== 'auto') return configured;
  const cores = availableParallelism();
  return Math.min(AUTO_MAX_PROCESSES, externalDatabase ? cores : Math.max(1, Math.floor(cores / 2)));
}

function say(line: string): void {
  process.stdout.write(`[verity] ${line}\n`);
}

/** The snapshot the repository ships (reference-data/README.md), wherever the start is run from. */
const SHIPPED_REFERENCE_DATA = fileURLToPath(new URL('../reference-data', import.meta.url));

/** The reference data folder of the demo: REFERENCE_DATA_DIR, else the shipped snapshot. */
function referenceDataDir(configured: string | undefined): string | null {
  if (configured === 'off') return null;
  if (configured) return configured;
  return existsSync(SHIPPED_REFERENCE_DATA) ? SHIPPED_REFERENCE_DATA : null;
}

/** PostgreSQL's own lines worth an operator's eye: failures and crash recovery. */
const NOTEWORTHY =
  /\b(FATAL|PANIC):|database system was (interrupted|not properly shut down)|redo (starts|done)/;
/** Connections refused or cut while it restarts or stops: expected, one per attempt, noise. */
const EXPECTED =
  /the database system is (starting up|not yet accepting connections|shutting down|in recovery mode)|terminating connection due to (unexpected postmaster exit|administrator command)/;

function postgresLine(line: string): void {
  if (NOTEWORTHY.test(line) && !EXPECTED.test(line)) process.stdout.write(`[postgres] ${line}\n`);
}

/** How long the web server may drain in-flight requests on SIGTERM before it is killed. */
const DRAIN_MS = 6000;
/** Then the database's fast shutdown; immediate after this (the whole stop stays under 10 s). */
const DATABASE_STOP_MS = 2500;

let database: EmbeddedHandle | undefined;
let server: ChildProcess | undefined;
let stopping = false;
let maintenanceTimer: NodeJS.Timeout | undefined;
let listUpdates: ListUpdateSchedule | undefined;

/** The first scheduled list update waits this long, so a restart loop cannot hammer the sources. */
const LIST_UPDATE_FIRST_DELAY_MS = 60_000;
/** Dated download folders a schedule keeps under DATA_DIR/lists (the rest are removed). */
const LIST_UPDATE_KEEP_DIRS = 7;

/**
 * One scheduled `lists update`, in the launcher (once per server, not once per web process): the
 * web processes pick the new lists up as they do after `npm run lists -- import DIR`.
 */
async function scheduledListUpdate(url: string, dataDir: string): Promise<void> {
  configureDatabase(url);
  try {
    const run = await updateLists({
      sources: OFFICIAL_SOURCES,
      dir: updateDir(dataDir, new Date()),
      importDir: (dir) => importLists(db(), dir),
    });
    const failed = run.downloads.failed.length;
    say(
      run.summary === null
        ? `lists update: nothing could be downloaded (${run.downloads.failed[0]?.reason ?? 'no sources'}); the loaded lists stay`
        : `lists update: imported ${run.summary.imported.length} lists from ${run.dir}${failed > 0 ? `; ${failed} downloads failed (${run.downloads.failed.map((f) => f.url).join(', ')})` : ''}`,
    );
  } finally {
    await closeDb();
  }
  await pruneUpdateDirs(dataDir, LIST_UPDATE_KEEP_DIRS);
}

/** How often the partitions of observations are brought in step with the clock and the retention. */
const MAINTENANCE_MS = 3_600_000;

/** One maintenance run: says what it changed; a failure is reported and retried next time. */
async function maintainPartitions(ownerUrl: string, retentionMonths: number): Promise<void> {
  try {
    const run = await maintainObservationPartitions(ownerUrl, new Date(), retentionMonths);
    const changes = [
      run.created.length > 0 ? `created ${run.created.join(', ')}` : '',
      run.dropped.length > 0 ? `dropped ${run.dropped.join(', ')} (past the retention)` : '',
      run.expired > 0
        ? `deleted ${run.expired} sightings older than ${run.horizon.toISOString().slice(0, 10)}`
        : '',
      run.deferred.length > 0 ? `deferred ${run.deferred.join(', ')} (table busy)` : '',
    ].filter(Boolean);
    if (changes.length > 0) say(`observations partitions: ${changes.join('; ')}`);
  } catch (error) {
    say(`observations partitions: maintenance failed, retried within the hour (${String(error)})`);
  }
}

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Graceful stop: the web server stops accepting and finishes in-flight requests (Next.js does on
 * SIGTERM), then PostgreSQL's fast shutdown writes its checkpoint; bounded at every step.
 */
async function shutdown(reason: string, code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  clearInterval(maintenanceTimer);
  listUpdates?.stop();
  const began = Date.now();
  say(`${reason}: stopping (in-flight requests finish, then the database stops)`);
  const child = server;
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    if (!(await exited(child, DRAIN_MS))) {
      say(`the web server did not finish within ${DRAIN_MS / 1000} s: killing it`);
      child.kill('SIGKILL');
      await exited(child, 1000);
    }
  }
  await database?.stop(DATABASE_STOP_MS).catch((error: unknown) => say(`database stop: ${String(error)}`));
  say(`stopped in ${Date.now() - began} ms`);
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    void shutdown(signal, 0);
  });
}

async function main(): Promise<void> {
  const config = env();
  const dev = process.argv.includes('--dev');
  say(`${nodeSupport(process.version, new Date()).line} (npm run doctor: Node.js, npm and PostgreSQL found)`);
  const started = Date.now();
  database = await openDatabase(postgresLine, { exclusive: true, partitions: 'caller' });
  if (stopping) return;
  say(
    `database ready (${config.DATABASE_URL ? 'external DATABASE_URL' : `embedded PostgreSQL in ${config.DATA_DIR}`}) in ${Date.now() - started} ms`,
  );
  const role = await roleInfo(database.url);
  say(
    role.superuser
      ? `warning: the server connects as ${role.role}, a superuser; give DATABASE_URL a role without superuser rights (docs/operations.md, Database roles)`
      : `the server connects as ${role.role}, not a superuser`,
  );
  // Created before the server starts so that it and the CLIs read the same secret file.
  serverSecret();
  process.env.DATABASE_URL = database.url;
  configureDatabase(database.url);
  // Before the seed and the server write: this month's partition, and the retention's.
  await maintainPartitions(database.ownerUrl, config.OBSERVATION_RETENTION_MONTHS);
  const demo = await bootstrapDemo(db());
  // Independent of the demo: an install upgraded from before the console gets its admin too.
  const admin = await bootstrapAdmin(db(), { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  // Only on a fresh database: later imports are `npm run lists -- import DIR`, so a restart is fast.
  const listsDir = demo ? referenceDataDir(config.REFERENCE_DATA_DIR) : null;
  if (listsDir) {
    const lists = await importLists(db(), listsDir);
    const byCategory = new Map<string, number>();
    for (const list of lists.imported)
      byCategory.set(list.category, (byCategory.get(list.category) ?? 0) + 1);
    say(
      `imported ${lists.imported.length} reference lists from ${lists.dir} in ${(lists.ms / 1000).toFixed(1)} s (${[...byCategory].map(([c, n]) => `${c} ${n}`).join(', ')}); more with \`npm run lists -- import DIR\``,
    );
  }
  await closeDb();
  // Bulk seeding as the owner: it may skip foreign-key triggers (lib/seed/write.ts).
  const seeded = demo ? await seedDemo(database.ownerUrl) : null;

  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  const baseUrl = `http://${host}:${config.PORT}`;
  if (demo) {
    say('empty database: created the demo workspace. Its API key is shown once:');
    process.stdout.write(
      `\n  workspace  ${demo.workspace}\n  key id     ${demo.id}\n  API key    ${demo.key}\n\n`,
    );
  }
  if (admin) {
    say(
      `created the first console admin, in the ${admin.workspace} workspace. ${admin.password ? 'Its password is shown once:' : 'Its password is ADMIN_PASSWORD.'}`,
    );
    process.stdout.write(
      `\n  console    ${baseUrl}/sign-in\n  email      ${admin.email}\n${admin.password ? `  password   ${admin.password}\n` : ''}\n`,
    );
  }
  if (seeded) {
    say(
      `seeded a demo identity graph: ${seeded.persons} people, ${seeded.identifiers} identifiers, ${seeded.observations} observations in ${seeded.seconds.toFixed(1)} s`,
    );
  }

  if (!dev && !existsSync('.next/BUILD_ID')) {
    say('no production build found: running `next build` (once)');
    // Telemetry off for the build as for the server: no notice on a first start, nothing sent.
    const build = spawnSync(process.execPath, [nextBin, 'build'], {
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (build.status !== 0) throw new Error('next build failed');
  }

  if (stopping) return;
  const processes = dev ? 1 : serverProcesses(config.SERVER_PROCESSES, Boolean(config.DATABASE_URL));
  const next = [nextBin, dev ? 'dev' : 'start', '--port', String(config.PORT), '--hostname', config.HOST];
  const child = spawn(
    process.execPath,
    [
      '--import',
      peerAddressPreload,
      '--import',
      requestGuardsPreload,
      '--import',
      exitWithParentPreload,
      ...(config.SERVER_CPU_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${config.SERVER_CPU_PROFILE_DIR}`]
        : []),
      ...(processes > 1 ? [clusterScript, String(processes), ...next] : next),
    ],
    // PGAPPNAME names the server's connections, so pg_stat_activity shows which role it uses.
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        PGAPPNAME: 'verity-server',
        MIGRATION_DATABASE_URL: '',
      },
    },
  );
  server = child;
  const ownerUrl = database.ownerUrl;
  maintenanceTimer = setInterval(
    () => void maintainPartitions(ownerUrl, config.OBSERVATION_RETENTION_MONTHS),
    MAINTENANCE_MS,
  );
  const hours = config.LISTS_UPDATE_INTERVAL_HOURS;
  if (hours !== undefined) {
    const appUrl = database.url;
    listUpdates = scheduleListUpdates({
      intervalMs: hours * 3_600_000,
      firstDelayMs: LIST_UPDATE_FIRST_DELAY_MS,
      run: () => scheduledListUpdate(appUrl, config.DATA_DIR),
      onError: (error) =>
        say(
          `lists update failed, retried in ${hours} h (${error instanceof Error ? error.message : String(error)})`,
        ),
    });
    say(`lists update: every ${hours} h (LISTS_UPDATE_INTERVAL_HOURS), the first in a minute`);
  }
  say(
    `console and API at ${baseUrl} (try: curl ${baseUrl}/api/health), ${processes === 1 ? 'one web server process' : `${processes} web server processes`}`,
  );
  database.supervise?.({
    onEvent: say,
    onGiveUp: (error) => {
      process.stderr.write(`[verity] the database is gone for good: ${error.message}\n`);
      void shutdown('database lost', 1);
    },
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    say(`the web server exited (${signal ?? `code ${code}`})`);
    void shutdown('web server exit', code || 1);
  });
}

main().catch(async (error: unknown) => {
  process.stderr.write(`[verity] start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  await database?.stop().catch(() => undefined);
  process.exit(1);
});
