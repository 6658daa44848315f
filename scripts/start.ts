// `npm start`: the embedded PostgreSQL (unless DATABASE_URL), migrations, demo data on an empty
// database, a production build if there is none, then the Next.js server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@/lib/cli/database-url';
import { env } from '@/lib/config/env';
import { serverSecret } from '@/lib/config/secret';
import { roleInfo } from '@/lib/db/app-role';
import { closeDb, configureDatabase, db } from '@/lib/db/client';
import { seedDemo } from '@/lib/seed/demo';
import { bootstrapAdmin, bootstrapDemo } from '@/lib/services/bootstrap';
import { importLists } from '@/lib/services/reference/import-lists';

const require = createRequire(import.meta.url);
const nextBin = require.resolve('next/dist/bin/next');
/** Stamps each request with its socket's peer address (the sign-in throttle's client address). */
const peerAddressPreload = new URL('./support/peer-address.mjs', import.meta.url).href;

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

async function main(): Promise<void> {
  const config = env();
  const dev = process.argv.includes('--dev');
  const started = Date.now();
  const database = await openDatabase();
  say(
    `database ready (${config.DATABASE_URL ? 'external DATABASE_URL' : `embedded PostgreSQL in ${config.DATA_DIR}`}) in ${Date.now() - started} ms`,
  );
  const role = await roleInfo(database.url);
  say(
    role.superuser
      ? `warning: the server connects as ${role.role}, a superuser; give DATABASE_URL a role without superuser rights (README, Database roles)`
      : `the server connects as ${role.role}, not a superuser`,
  );
  // Created before the server starts so that it and the CLIs read the same secret file.
  serverSecret();
  process.env.DATABASE_URL = database.url;
  configureDatabase(database.url);
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
    const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit', env: process.env });
    if (build.status !== 0) throw new Error('next build failed');
  }

  const child = spawn(
    process.execPath,
    [
      '--import',
      peerAddressPreload,
      nextBin,
      dev ? 'dev' : 'start',
      '--port',
      String(config.PORT),
      '--hostname',
      config.HOST,
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
  say(`console and API at ${baseUrl} (try: curl ${baseUrl}/api/health)`);

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await database.stop().catch(() => undefined);
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      child.kill(signal);
    });
  }
  child.on('exit', (code) => {
    void stop(code ?? 0);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`[verity] start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
