// Classifies an email domain for EMAIL_TYPE from the installed public lists and domain rules.
import disposableDomains from 'disposable-email-domains/index.json';
import disposableWildcards from 'disposable-email-domains/wildcard.json';
import freeProviders from 'email-providers/all.json';
import { isEducationDomain, isGovernmentDomain } from './institution-domains';
import { PRIVACY_RELAY_DOMAINS } from './privacy-relay-domains';

export type EmailDomainType =
  | 'PRIVACY_RELAY'
  | 'DISPOSABLE'
  | 'GOVERNMENT'
  | 'EDUCATION'
  | 'FREE'
  | 'BUSINESS';

const DISPOSABLE = new Set<string>([...disposableDomains, ...disposableWildcards]);
const FREE = new Set<string>(freeProviders);

/** The domain and each parent (a.b.c.com, b.c.com, c.com): providers hand out subdomains too. */
function withParents(domain: string): string[] {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

/** The domain or a parent is a privacy relay's: its addresses are aliases of a hidden mailbox. */
export function isPrivacyRelayDomain(domain: string): boolean {
  return withParents(domain).some((name) => PRIVACY_RELAY_DOMAINS.has(name));
}

/**
 * A privacy relay first: the disposable list holds some relays (anonaddy.com), but a relay alias
 * forwards to a lasting mailbox the person keeps hidden, which is not a throwaway inbox. Then
 * disposable: the free-provider list also holds some throwaway services, and a
 * disposable mailbox is the riskier reading. Government and education before free, because
 * a few universities appear in the free list (they host alumni mail).
 */
export function classifyEmailDomain(domain: string): EmailDomainType {
  if (isPrivacyRelayDomain(domain)) return 'PRIVACY_RELAY';
  const names = withParents(domain);
  if (names.some((name) => DISPOSABLE.has(name))) return 'DISPOSABLE';
  if (isGovernmentDomain(domain)) return 'GOVERNMENT';
  if (isEducationDomain(domain)) return 'EDUCATION';
  if (names.some((name) => FREE.has(name))) return 'FREE';
  return 'BUSINESS';
}
