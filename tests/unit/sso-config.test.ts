// Single sign-on by configuration: the OIDC_* variables come all together or not at all, the
// domains are e-mail domains; with OIDC_ONLY the allowed domains' passwords are refused while
// other accounts (the first admin) keep theirs; a single sign-on session is not asked for the
// console's password or second factor; the sign-in page says why the provider's answer failed.
import { describe, expect, it } from 'vitest';
import { signInErrorMessage } from '@/app/sign-in/sign-in-state';
import { sessionStanding } from '@/lib/auth/session-standing';
import { envSchema } from '@/lib/config/env';
import { emailDomain, passwordAllowed, ssoSettings } from '@/lib/config/sso';

const sso = {
  OIDC_ISSUER: 'https://id.acme.example/realms/staff',
  OIDC_CLIENT_ID: 'verity',
  OIDC_CLIENT_SECRET: 'client-secret',
  OIDC_ALLOWED_DOMAINS: 'Acme.example, @acme.test',
};

describe('OIDC_* variables', () => {
  it('make the settings, with defaults for the rest', () => {
    const parsed = envSchema.parse(sso);
    expect(ssoSettings(parsed)).toEqual({
      issuer: sso.OIDC_ISSUER,
      clientId: 'verity',
      clientSecret: 'client-secret',
      allowedDomains: ['acme.example', 'acme.test'],
      workspace: null,
      role: 'analyst',
      name: 'single sign-on',
      only: false,
    });
    expect(ssoSettings(envSchema.parse({}))).toBeNull();
  });

  it('are refused when only some are set, or a domain is not one', () => {
    const partial = envSchema.safeParse({ OIDC_ISSUER: sso.OIDC_ISSUER, OIDC_CLIENT_ID: 'verity' });
    expect(partial.success).toBe(false);
    expect(partial.error?.issues[0]?.message).toContain('needs all of OIDC_ISSUER');
    expect(envSchema.safeParse({ ...sso, OIDC_ALLOWED_DOMAINS: 'acme' }).success).toBe(false);
    expect(envSchema.safeParse({ ...sso, OIDC_ISSUER: 'ftp://id.acme.example' }).success).toBe(false);
    expect(envSchema.safeParse({ ...sso, OIDC_ROLE: 'owner' }).success).toBe(false);
    expect(envSchema.safeParse({ ...sso, OIDC_ONLY: 'yes' }).success).toBe(false);
  });
});

describe('passwords beside single sign-on', () => {
  const settings = ssoSettings(envSchema.parse({ ...sso, OIDC_ONLY: 'true' }));

  it('are refused for the allowed domains only when OIDC_ONLY is true', () => {
    expect(passwordAllowed(settings, 'ana@ACME.example')).toBe(false);
    expect(passwordAllowed(settings, 'admin@verity.local')).toBe(true);
    expect(passwordAllowed(settings, 'ana@sub.acme.example')).toBe(true);
    expect(passwordAllowed(ssoSettings(envSchema.parse(sso)), 'ana@acme.example')).toBe(true);
    expect(passwordAllowed(null, 'ana@acme.example')).toBe(true);
    expect(emailDomain('odd@name@Acme.Example ')).toBe('acme.example');
  });
});

describe('a single sign-on session', () => {
  const at = new Date('2026-11-28T10:00:00Z');
  const owing = {
    sessionsNotBefore: at,
    mustChangePassword: true,
    requireSecondFactor: true,
    hasSecondFactor: false,
  };

  it("is not asked for the console's password or second factor, but is still signed out by a reset", () => {
    expect(sessionStanding(at.getTime(), owing, 'sso')).toBe('active');
    expect(sessionStanding(at.getTime(), owing, 'password')).toBe('must_change_password');
    expect(sessionStanding(at.getTime() - 1, owing, 'sso')).toBe('signed_out');
    expect(sessionStanding(at.getTime(), { ...owing, sessionLive: false }, 'sso')).toBe('signed_out');
  });
});

describe('the sign-in page', () => {
  it("says why the provider's answer signed nobody in", () => {
    expect(signInErrorMessage('SsoRefused', 'foreign_domain')).toContain('this organisation’s domains only');
    expect(signInErrorMessage('SsoRefused', 'email_unverified')).toContain('has not verified');
    expect(signInErrorMessage('SsoRefused', 'no_email')).toContain('did not share an e-mail');
    expect(signInErrorMessage('CredentialsSignin', 'sso_only')).toContain('single sign-on only');
  });
});
