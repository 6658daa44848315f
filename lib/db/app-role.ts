import type pg from 'pg';
import { createPool } from './client';

/**
 * The embedded database's application role. The server and the everyday CLIs connect as it; the
 * superuser that owns the schema only runs migrations and bulk seeding. It owns nothing and may
 * only read and write rows: no superuser, no DDL, no roles, no databases, no TRUNCATE.
 */
export const APP_ROLE = 'verity_app';

// Serialises concurrent starters creating the role (any constant other processes do not use).
const ROLE_LOCK = 7_146_021_120;

/** Creates the application role, or resets its password to the one kept in DATA_DIR. */
export async function ensureAppRole(ownerUrl: string, role: string, password: string): Promise<void> {
  const pool = createPool(ownerUrl, 1);
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [ROLE_LOCK]);
    const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
    // A literal, not a parameter (DDL takes none); checked first so a failed statement, which
    // Postgres logs with its text, never carries the password.
    const verb = exists.rowCount ? 'alter' : 'create';
    await client.query(
      `${verb} role ${client.escapeIdentifier(role)} with login nosuperuser nocreatedb nocreaterole ` +
        `noreplication nobypassrls password ${client.escapeLiteral(password)}`,
    );
  } finally {
    await client.query('select pg_advisory_unlock($1)', [ROLE_LOCK]).catch(() => undefined);
    client.release();
    await pool.end();
  }
}

/**
 * Row rights on every table and sequence of the schema, now and for tables later migrations
 * create; the secret fingerprint is read-only to it (only the owner records it).
 */
export async function grantAppRole(ownerUrl: string, role: string): Promise<void> {
  const pool = createPool(ownerUrl, 1);
  const client: pg.PoolClient = await pool.connect();
  const name = client.escapeIdentifier(role);
  try {
    await client.query(`
      grant usage on schema public to ${name};
      grant select, insert, update, delete on all tables in schema public to ${name};
      grant usage, select, update on all sequences in schema public to ${name};
      alter default privileges in schema public grant select, insert, update, delete on tables to ${name};
      alter default privileges in schema public grant usage, select, update on sequences to ${name};
      revoke insert, update, delete on table server_secret from ${name};
    `);
  } finally {
    client.release();
    await pool.end();
  }
}

/** The role a URL logs in as (an external DATABASE_URL may take its user from PGUSER). */
export async function roleOf(url: string): Promise<string> {
  return (await roleInfo(url)).role;
}

/** The role a URL logs in as, and whether it is a superuser (the launcher warns when it is). */
export async function roleInfo(url: string): Promise<{ role: string; superuser: boolean }> {
  const pool = createPool(url, 1);
  try {
    const result = await pool.query<{ role: string; superuser: boolean }>(
      'select rolname as role, rolsuper as superuser from pg_roles where rolname = current_user',
    );
    return result.rows[0] ?? { role: '', superuser: false };
  } finally {
    await pool.end();
  }
}
