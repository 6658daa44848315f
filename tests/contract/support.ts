import { execFile } from 'node:child_process';
import { parseArgs, promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import { createdKeyLine, KEY_OPTIONS, keyCreateInput } from '@/lib/cli/key-options';
import type { Database } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { createKey } from '@/lib/services/keys/manage-keys';

const run = promisify(execFile);

export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are asserted field by field
  body: any;
  text: string;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  method?: string;
}

/** One HTTP call to the running server; JSON bodies are parsed when the response has one. */
export async function call(pathname: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
  const key = options.key === undefined ? inject('demoKey') : options.key;
  if (key) headers.Authorization = `Bearer ${key}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await fetch(`${inject('baseUrl')}${pathname}`, {
    method: options.method ?? 'POST',
    headers,
    body,
  });
  return readResponse(response);
}

/** The response with its body read, and parsed when it is JSON. */
export async function readResponse(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  let parsed: unknown = null;
  if (text && /json/.test(response.headers.get('content-type') ?? '')) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export const verify = (body: unknown, options: CallOptions = {}) => call('/api/verify', { ...options, body });
export const signals = (body: unknown, options: CallOptions = {}) =>
  call('/api/signals', { ...options, body });

/** Runs one of the project's CLIs exactly as documented, against the server's DATA_DIR. */
export async function cli(
  script: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', script, ...args],
      {
        env: { ...process.env, ...inject('cliEnv') },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

export const keysCli = (args: string[]) => cli('scripts/keys.ts', args);

export interface CreatedKey {
  id: string;
  key: string;
  workspace: string;
  /** Set by `create --expires`. */
  expiresAt?: string | null;
}

let counter = 0;
/** A name no other test (or test run) uses. */
export const unique = (label: string) => `${label}-${process.pid}-${Date.now()}-${counter++}`;

let services: Database | undefined;
/**
 * The database as the server's own role, for arranging a test through the services the CLIs
 * call (a process per key or user would cost two seconds each). Idle connections close and never
 * hold the test process open.
 */
export function serviceDb(): Database {
  if (!services) {
    const pool = new pg.Pool({
      connectionString: appConnectionUrl(),
      max: 2,
      idleTimeoutMillis: 1000,
      allowExitOnIdle: true,
    });
    services = drizzle({ client: pool, schema });
  }
  return services;
}

/**
 * A key in a workspace of its own, so tests never share state: `keys create` with these
 * arguments, parsed and issued by the CLI's own code in this process. The CLI itself is tested
 * through `keysCli`.
 */
export async function newKey(
  scopes = 'verify,signals,ingest',
  extra: string[] = [],
  workspace = unique('ws'),
): Promise<CreatedKey> {
  const { values } = parseArgs({
    args: ['--workspace', workspace, '--scopes', scopes, ...extra],
    options: KEY_OPTIONS,
  });
  const input = keyCreateInput(values);
  return createdKeyLine(await createKey(serviceDb(), input), input.expiresAt);
}

/** The URL of the server's database, as the schema owner: tests arrange and inspect anything. */
export function connectionUrl(): string {
  return inject('ownerUrl');
}

/** The URL the server and the CLIs use: the application role. */
export function appConnectionUrl(): string {
  return inject('appUrl');
}

/** Direct SQL on the server's database, for assertions about what was stored. */
export async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: connectionUrl() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
