import { describe, expect, it } from 'vitest';
import { KEY_SCOPES, MAX_GRACE_SECONDS } from '@/lib/contract/console/keys';
import { statusClassOf } from '@/lib/contract/console/usage';
import { SCOPES } from '@/lib/services/keys/key-material';
import {
  parseCreateKeyRequest,
  parseRotateKeyRequest,
  parseUpdateKeyRequest,
  parseUsageQuery,
} from '@/lib/services/keys/key-requests';
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

  it('is active with an expiry more than a week away, expiring within the week or once rotated', () => {
    expect(keyStatus({ expiresAt: new Date('2026-04-01T12:00:00Z'), revokedAt: null }, now)).toBe('active');
    expect(keyStatus({ expiresAt: new Date('2026-03-07T12:00:00Z'), revokedAt: null }, now)).toBe('expiring');
    expect(
      keyStatus(
        { expiresAt: new Date('2026-04-01T12:00:00Z'), revokedAt: null, rotatedToId: 'key_next' },
        now,
      ),
    ).toBe('expiring');
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
    // docs/api/keys-and-auth.md: the four scopes, lists (issue 33) included.
    expect([...SCOPES]).toEqual(['verify', 'signals', 'ingest', 'lists']);
  });

  it('accepts a label and scopes, dropping repeats; a label is required (issue 32)', () => {
    expect(parseCreateKeyRequest({ name: '  backend  ', scopes: ['verify', 'signals', 'verify'] })).toEqual({
      ok: true,
      value: { name: 'backend', scopes: ['verify', 'signals'] },
    });
    for (const body of [
      { name: '', scopes: ['ingest'] },
      { name: '   ', scopes: ['ingest'] },
      { scopes: ['ingest'] },
    ]) {
      const result = parseCreateKeyRequest(body);
      expect(result.ok, JSON.stringify(body)).toBe(false);
      if (!result.ok)
        expect(result.errors).toEqual([
          expect.objectContaining({ path: 'name', message: 'name: give the key a label' }),
        ]);
    }
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
    const result = parseCreateKeyRequest({ name: 'k', scopes: [] });
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

describe('console key creation with an expiry and a rate, and edits', () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  it('takes an expiry in the future and a rate of its own, or null for the defaults', () => {
    const expiresAt = inDays(30);
    expect(
      parseCreateKeyRequest({ name: 'k', scopes: ['verify'], expiresAt, rateLimitPerSec: 5 }),
    ).toMatchObject({
      ok: true,
      value: { scopes: ['verify'], expiresAt, rateLimitPerSec: 5 },
    });
    expect(
      parseCreateKeyRequest({ name: 'k', scopes: ['verify'], expiresAt: null, rateLimitPerSec: null }),
    ).toMatchObject({
      ok: true,
      value: { expiresAt: null, rateLimitPerSec: null },
    });
  });

  it('refuses an expiry in the past, beyond five years or not a date-time, and a rate of 0, by path', () => {
    for (const expiresAt of [inDays(-1), inDays(6 * 366), '2030-01-01', 'soon']) {
      const parsed = parseCreateKeyRequest({ name: 'k', scopes: ['verify'], expiresAt });
      expect(parsed.ok, expiresAt).toBe(false);
      if (!parsed.ok) expect(parsed.errors.map((e) => e.path)).toEqual(['expiresAt']);
    }
    const parsed = parseCreateKeyRequest({ name: 'k', scopes: ['verify'], rateLimitPerSec: 0 });
    if (!parsed.ok) expect(parsed.errors.map((e) => e.path)).toEqual(['rateLimitPerSec']);
    expect(parsed.ok).toBe(false);
  });

  it('edits any of label, scopes and rate; an empty label removes it; an empty edit is refused', () => {
    expect(parseUpdateKeyRequest({ name: '' })).toEqual({ ok: true, value: { name: null } });
    expect(parseUpdateKeyRequest({ scopes: ['signals', 'signals'], rateLimitPerSec: null })).toEqual({
      ok: true,
      value: { scopes: ['signals'], rateLimitPerSec: null },
    });
    expect(parseUpdateKeyRequest({}).ok).toBe(false);
    expect(parseUpdateKeyRequest({ scopes: [] }).ok).toBe(false);
    expect(parseUpdateKeyRequest({ expiresAt: inDays(1) }).ok).toBe(false);
  });
});

describe('usage', () => {
  it('classes statuses as the chart stacks them: 429 apart from the other client errors', () => {
    expect([200, 201, 204, 400, 401, 404, 410, 413, 429, 500, 503].map(statusClassOf)).toEqual([
      '2xx',
      '2xx',
      '2xx',
      '4xx',
      '4xx',
      '4xx',
      '4xx',
      '4xx',
      '429',
      '5xx',
      '5xx',
    ]);
  });

  it('filters by key and endpoint, empty meaning all', () => {
    expect(parseUsageQuery(new URLSearchParams('key=key_1&endpoint='))).toEqual({
      ok: true,
      value: { key: 'key_1' },
    });
    expect(parseUsageQuery(new URLSearchParams('other=1')).ok).toBe(false);
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
