// What a project CLI needs to reach the e2e server's database (DATA_DIR, and DATABASE_URL and
// MIGRATION_DATABASE_URL when the run uses an external PostgreSQL), set by the global setup.

export function cliEnv(): Record<string, string> {
  const text = process.env.E2E_CLI_ENV;
  if (!text) throw new Error('E2E_CLI_ENV is not set: the e2e global setup did not run');
  return JSON.parse(text) as Record<string, string>;
}

/** The URL the server connects with (the application role). */
export function appDatabaseUrl(): string {
  const url = process.env.E2E_APP_DATABASE_URL;
  if (!url) throw new Error('E2E_APP_DATABASE_URL is not set: the e2e global setup did not run');
  return url;
}
