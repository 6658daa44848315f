import type { Session } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { jwtFromSignIn, sessionFromToken } from '@/lib/auth/config';

// The Auth.js callbacks are called with more parameters than these tests need.
type JwtParams = Parameters<typeof jwtFromSignIn>[0];
type SessionParams = Parameters<typeof sessionFromToken>[0];

describe('Auth.js callbacks', () => {
  it('copy the user id, active workspace and role into the token at sign-in', async () => {
    const token = await jwtFromSignIn({
      token: { email: 'a@example.com', name: null, sub: 'ignored' },
      user: { id: 'usr_1', email: 'a@example.com', workspaceId: 'ws_1', role: 'admin', sessionId: 'csn_1' },
      account: null,
    } as JwtParams);
    expect(token).toMatchObject({ sub: 'usr_1', workspaceId: 'ws_1', role: 'admin', email: 'a@example.com' });
    // And when, and as which console session, it signed in (issue 32: sessions can be ended).
    expect(token).toMatchObject({ sid: 'csn_1', signedInAt: expect.any(Number) });
    expect(Math.abs(Number(token?.signedInAt) - Date.now())).toBeLessThan(5000);
  });

  it('leave the token alone on later requests', async () => {
    const existing: JWT = { sub: 'usr_1', workspaceId: 'ws_2', role: 'analyst' };
    expect(await jwtFromSignIn({ token: { ...existing } } as JwtParams)).toEqual(existing);
  });

  it('expose the claims on the session', async () => {
    const session = await sessionFromToken({
      session: { user: { email: 'a@example.com' }, expires: '2030-01-01T00:00:00.000Z' } as Session,
      token: { sub: 'usr_1', email: 'a@example.com', name: 'A', workspaceId: 'ws_1', role: 'analyst' },
    } as unknown as SessionParams);
    expect(session).toMatchObject({
      user: { id: 'usr_1', email: 'a@example.com', name: 'A' },
      workspaceId: 'ws_1',
      role: 'analyst',
    });
  });

  it('expose no workspace or role for a token without valid claims', async () => {
    const session = await sessionFromToken({
      session: { user: { email: 'a@example.com' }, expires: '2030-01-01T00:00:00.000Z' } as Session,
      token: { sub: 'usr_1', role: 'owner' },
    } as unknown as SessionParams);
    expect(session).not.toHaveProperty('workspaceId');
    expect(session).not.toHaveProperty('role');
  });
});
