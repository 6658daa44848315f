// Single sign-on by configuration (issue 32): one OpenID Connect identity provider for the whole
// installation, from the OIDC_* variables (validated with the rest in env.ts).
import type { Role } from '@/lib/auth/roles';
import { type Env, env } from './env';

export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lowercased e-mail domains whose people may sign in through it. */
  allowedDomains: string[];
  /** The workspace a first sign-in joins; null: the oldest workspace. */
  workspace: string | null;
  role: Role;
  /** The provider's name on the button. */
  name: string;
  /** Accounts of the allowed domains may not sign in with a password. */
  only: boolean;
}

/** The configured provider, or null when single sign-on is off. */
export function ssoSettings(config: Env = env()): SsoSettings | null {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ALLOWED_DOMAINS } = config;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET || !OIDC_ALLOWED_DOMAINS) return null;
  return {
    issuer: OIDC_ISSUER,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    allowedDomains: OIDC_ALLOWED_DOMAINS,
    workspace: config.OIDC_WORKSPACE ?? null,
    role: config.OIDC_ROLE,
    name: config.OIDC_NAME,
    only: config.OIDC_ONLY,
  };
}

/** The e-mail's domain, lowercased; '' when it has none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Whether a password may sign this e-mail in: not when single sign-on is the only way for its domain. */
export function passwordAllowed(settings: SsoSettings | null, email: string): boolean {
  return !(settings?.only && settings.allowedDomains.includes(emailDomain(email)));
}
