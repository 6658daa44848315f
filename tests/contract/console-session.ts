// Console sign-in for contract tests: a browser-like cookie client, console users made with the
// users CLI, and the problem+json assertion the console data routes share.
import { request as httpRequest } from 'node:http';
import { expect, inject } from 'vitest';
import { createConsoleUser } from '@/lib/services/console-users';
import { type ApiResponse, cli, readResponse, serviceDb, unique } from './support';

const base = () => inject('baseUrl');

/**
 * fetch over node:http from a chosen local address (any 127.x.y.z reaches the server on
 * 127.0.0.1), so tests can be clients at different addresses. Redirects are not followed.
 */
function fetchFrom(localAddress: string, url: string, init: RequestInit): Promise<Response> {
  const headers = Object.fromEntries(new Headers(init.headers));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: init.method ?? 'GET', headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
            responseHeaders.append(name, item);
          }
        }
        const status = incoming.statusCode ?? 500;
        const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, headers: responseHeaders }));
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    if (typeof init.body === 'string') outgoing.write(init.body);
    outgoing.end();
  });
}

/** A browser-like client: keeps the cookies the server sets and sends them back. */
export class ConsoleClient {
  private readonly jar = new Map<string, string>();

  /** `from`: the local address to connect from (127.0.0.1 when unset). */
  constructor(private readonly from?: string) {}
  /** The Set-Cookie lines of the last response, for attribute checks. */
  lastSetCookies: string[] = [];

  private remember(response: Response): void {
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a),
      );
      if (value === '' || expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.jar.has(name);
  }

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size > 0) {
      headers.set('Cookie', [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const url = `${base()}${pathname}`;
    const response = this.from
      ? await fetchFrom(this.from, url, { ...init, headers })
      : await fetch(url, { ...init, headers, redirect: 'manual' });
    this.remember(response);
    return response;
  }

  async csrfToken(): Promise<string> {
    const response = await this.fetch('/api/auth/csrf');
    expect(response.status).toBe(200);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/\S{16,}/);
    return csrfToken;
  }

  /** The credentials sign-in a browser form performs; returns Auth.js's redirect. */
  async signIn(email: string, password: string): Promise<Response> {
    const csrfToken = await this.csrfToken();
    return this.fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: '/' }).toString(),
    });
  }

  /** GET without a body, POST with one; JSON bodies are parsed when the response has one. */
  async json(pathname: string, body?: unknown): Promise<ApiResponse> {
    const response = await this.fetch(pathname, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return readResponse(response);
  }
}

export { unique };

export const usersCli = (args: string[]) => cli('scripts/users.ts', args);

/** `users create`; without a password the CLI generates one and prints it. */
export function createUser(user: { workspace: string; email: string; role: string; password?: string }) {
  const password = user.password === undefined ? [] : ['--password', user.password];
  return usersCli([
    'create',
    '--workspace',
    user.workspace,
    '--email',
    user.email,
    '--role',
    user.role,
    ...password,
  ]);
}

/**
 * A console user in a workspace of their own (or the one named), with a known password: what
 * `users create` does, through its service in this process (`createUser` runs the CLI itself).
 */
export async function newUser(role: 'admin' | 'analyst', workspace = unique('console-ws')) {
  const email = `${unique(role)}@example.com`;
  const password = `pw-${unique('secret')}`;
  const result = await createConsoleUser(serviceDb(), { email, workspace, role, password, actor: 'cli' });
  if (!result.ok) throw new Error(`users create failed: ${result.reason}`);
  expect(result.value.password).toBeUndefined();
  return { email, password, workspace, id: result.value.id, workspaceId: result.value.workspaceId };
}

/** A client signed in as the user, holding the Auth.js session cookie. */
export async function signedIn(user: { email: string; password: string }): Promise<ConsoleClient> {
  const client = new ConsoleClient();
  const response = await client.signIn(user.email, user.password);
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe(`${base()}/`);
  expect(client.has('authjs.session-token')).toBe(true);
  return client;
}

/** A problem+json answer with this status and code, carrying a request id. */
export function expectProblem(
  response: { status: number; headers: Headers; body: { code?: string } },
  status: number,
  code: string,
) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(response.body).toMatchObject({ status, code, detail: expect.any(String) });
  expect(response.headers.get('x-request-id')).toBeTruthy();
}
