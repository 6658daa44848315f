import { describe, expect, it } from 'vitest';
import { newNonce, pageContentSecurityPolicy } from '@/lib/http/security-headers';

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

describe('pageContentSecurityPolicy', () => {
  it('allows scripts only by this response nonce, and no framing, plugins or foreign forms', () => {
    const policy = directives(pageContentSecurityPolicy('abc123==', { dev: false }));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('adds unsafe-eval in development only', () => {
    expect(directives(pageContentSecurityPolicy('n', { dev: true })).get('script-src')).toContain(
      "'unsafe-eval'",
    );
  });
});

describe('newNonce', () => {
  it('is 128 random bits in base64, fresh each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, () => newNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
