import { describe, expect, it } from 'vitest';
import { KEY_SCOPES, MAX_GRACE_SECONDS } from '@/lib/contract/console/keys';
import { SCOPES } from '@/lib/services/keys/key-material';
import { parseCreateKeyRequest, parseRotateKeyRequest } from '@/lib/services/keys/key-requests';
import { keyStatus } from '@/lib/services/keys/key-status';
import { parseWorkspaceRateLimitRequest } from '@/lib/services/keys/rate-limit-settings';

describe('keyStatus', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('is active without an expiry or revocation', () => {
    expect(keyStatus({ expiresAt: null, revokedAt: null }, now)).toBe('active');
  });

  it('is expiring during a rotation grace period, expired after it', () => {
    expect(keyStatus({ expiresAt: new Date('2026-03-01T13:00:00Z'), revokedAt: null }, now)).toBe('expiring');
    expect(keyStatus({ expiresAt: new Date('2026-03-01T12:00:00Z'), revokedAt: null }, now)).toBe('expired');
  });

  it('is revoked once revoked, whatever its expiry', () => {
    expect(
      keyStatus(
        { expiresAt: new Date('2026-03-02T00:00:00Z'), revokedAt: new Date('2026-03-01T00:00:00Z') },
        now,
      ),
    ).toBe('revoked');
  });
});

describe('console key requests', () => {
  it('offers exactly the scopes keys can hold', () => {
    expect([...KEY_SCOPES]).toEqual([...SCOPES]);
  });

  it('accepts a label and scopes, dropping repeats and an empty label', () => {
    expect(parseCreateKeyRequest({ name: '  backend  ', scopes: ['verify', 'signals', 'verify'] })).toEqual({
      ok: true,
      value: { name: 'backend', scopes: ['verify', 'signals'] },
    });
    expect(parseCreateKeyRequest({ name: '', scopes: ['ingest'] })).toEqual({
      ok: true,
      value: { scopes: ['ingest'] },
    });
  });

  it('names every offending field', () => {
    const result = parseCreateKeyRequest({ name: 'x'.repeat(81), scopes: ['admin'], extra: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('INVALID_INPUT');
    expect(result.errors.map((e) => e.path).sort()).toEqual(['', 'name', 'scopes.0']);
    expect(result.errors.find((e) => e.path === '')?.message).toContain('extra');
  });

  it('needs at least one scope', () => {
    const result = parseCreateKeyRequest({ scopes: [] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.message).toBe('scopes: choose at least one scope');
  });

  it('rotates with a one-hour grace period unless told otherwise, within a month', () => {
    expect(parseRotateKeyRequest({})).toEqual({ ok: true, value: { graceSeconds: 3600 } });
    expect(parseRotateKeyRequest({ graceSeconds: 0 })).toEqual({ ok: true, value: { graceSeconds: 0 } });
    expect(parseRotateKeyRequest({ graceSeconds: MAX_GRACE_SECONDS + 1 }).ok).toBe(false);
    expect(parseRotateKeyRequest({ graceSeconds: 1.5 }).ok).toBe(false);
    expect(parseRotateKeyRequest({ graceSeconds: '3600' }).ok).toBe(false);
  });
});

describe('the workspace rate-limit request', () => {
  it('takes a positive rate per second, fractions included (2 a minute)', () => {
    expect(parseWorkspaceRateLimitRequest({ rateLimitPerSec: 25 })).toEqual({
      ok: true,
      value: { rateLimitPerSec: 25 },
    });
    expect(parseWorkspaceRateLimitRequest({ rateLimitPerSec: 2 / 60 })).toMatchObject({ ok: true });
  });

  it('refuses zero, negatives, non-numbers, absurd rates and unknown fields, by path', () => {
    for (const rateLimitPerSec of [0, -1, Number.NaN, '10', null, 1e12]) {
      const parsed = parseWorkspaceRateLimitRequest({ rateLimitPerSec });
      expect(parsed.ok, String(rateLimitPerSec)).toBe(false);
      if (!parsed.ok) expect(parsed.errors.map((e) => e.path)).toEqual(['rateLimitPerSec']);
    }
    const extra = parseWorkspaceRateLimitRequest({ rateLimitPerSec: 5, burst: 9 });
    expect(extra.ok).toBe(false);
    if (!extra.ok) expect(extra.errors[0]?.message).toContain('burst');
  });
});
