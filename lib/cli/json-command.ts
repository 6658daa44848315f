// The frame of the one-JSON-line commands (keys, users): run, print the result as one line on
// stdout, close the database, and map errors to a JSON line on stderr with a distinct exit code.
import { closeDb, configureDatabase } from '@/lib/db/client';
import { openDatabase } from './database-url';

/** Bad arguments: exit 2 with the usage text. */
export class UsageError extends Error {}

/** A refused command with a stable code: exit 1. */
export class CommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function fail(code: string, message: string, exitCode: number): never {
  process.stderr.write(`${JSON.stringify({ error: code, message })}\n`);
  process.exit(exitCode);
}

let handle: { stop(): Promise<void> } | undefined;

/** Opens the embedded or external database the server uses (call once arguments are valid). */
export async function connect(): Promise<void> {
  const opened = await openDatabase();
  handle = opened;
  configureDatabase(opened.url);
}

export function runJsonCommand(run: () => Promise<Record<string, unknown>>, usage: string): void {
  run()
    .then(async (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      await closeDb();
      await handle?.stop();
      process.exit(0);
    })
    .catch(async (error: unknown) => {
      await closeDb().catch(() => undefined);
      await handle?.stop().catch(() => undefined);
      if (error instanceof UsageError) fail('USAGE', `${error.message}\n${usage}`, 2);
      if (error instanceof CommandError) fail(error.code, error.message, 1);
      fail('FAILED', error instanceof Error ? error.message : String(error), 1);
    });
}
