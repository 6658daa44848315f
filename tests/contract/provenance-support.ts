// Helpers of the provenance tests: unique identifiers (the graph is shared by every test), feeds,
// checks by id, and the sharing switch.
import { expect } from 'vitest';
import { type CreatedKey, call, keysCli, newKey, signals, verify } from './support';

export const DAY = 86_400_000;
export const YEAR = 365.25 * DAY;

export const tag = () => `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
export const uniqueEmail = (label: string) => `${label}.${tag()}@example.com`;
/** A valid US number that can originate: never an N11 exchange nor the fictional 555. */
export function uniquePhone(): string {
  for (;;) {
    const exchange = 200 + Math.floor(Math.random() * 800);
    if (exchange % 100 === 11 || exchange === 555) continue;
    return `+1415${exchange}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  }
}
/** A full SSN of a well-formed structure (area 100-665, non-zero group and serial). */
export const uniqueSsn = () =>
  `${100 + Math.floor(Math.random() * 566)}-${String(1 + Math.floor(Math.random() * 99)).padStart(2, '0')}-${String(1 + Math.floor(Math.random() * 9999)).padStart(4, '0')}`;
// Names and streets unique to one run.
export const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
export const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

interface CheckBody {
  id: string;
  state: string;
}

export async function feed(path: '/api/events' | '/api/records', key: string, items: unknown[]) {
  const response = await call(path, { key, body: items });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body as { accepted: number; rejected: { index: number; code: string; message: string }[] };
}

export async function checksOf(body: unknown, key: string): Promise<Record<string, string>> {
  const response = await verify(body, { key });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return Object.fromEntries((response.body.checks as CheckBody[]).map((c) => [c.id, c.state]));
}

/**
 * A key in a new workspace that shares its contributions (new workspaces do not, issue 32): these
 * tests compare a workspace that does not share with ones that do.
 */
export const sharingKey = (scopes = 'verify,signals,ingest') => newKey(scopes, ['--share', 'on']);

/** Turns the key's workspace's graph sharing on or off, and waits out the server's cache. */
export async function share(key: CreatedKey, on: boolean): Promise<void> {
  const result = await keysCli([
    'workspace-share',
    '--workspace',
    key.workspace,
    '--share',
    on ? 'on' : 'off',
  ]);
  expect(result.code, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout)).toMatchObject({ workspace: key.workspace, shareGraph: on });
  // The server caches the list of non-sharing workspaces for a second.
  await new Promise((resolve) => setTimeout(resolve, 1200));
}

/** The confidence Signals gives the link from an email to a phone, as the key's workspace sees it. */
export async function phoneConfidence(
  key: string,
  email: string,
  phone: string,
): Promise<number | undefined> {
  const body = (await signals({ emails: [email] }, { key })).body as {
    phones: { phone: string; confidence: number }[];
  };
  return body.phones.find((p) => p.phone === phone)?.confidence;
}
