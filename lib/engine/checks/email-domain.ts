// Classifies an email domain for EMAIL_TYPE from the installed public lists and domain rules.
import disposableDomains from 'disposable-email-domains/index.json';
import disposableWildcards from 'disposable-email-domains/wildcard.json';
import freeProviders from 'email-providers/all.json';
import { isEducationDomain, isGovernmentDomain } from './institution-domains';

export type EmailDomainType = 'DISPOSABLE' | 'GOVERNMENT' | 'EDUCATION' | 'FREE' | 'BUSINESS';

const DISPOSABLE = new Set<string>([...disposableDomains, ...disposableWildcards]);
const FREE = new Set<string>(freeProviders);

/** The domain and each parent (a.b.c.com, b.c.com, c.com): providers hand out subdomains too. */
function withParents(domain: string): string[] {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

/**
 * Disposable first: the free-provider list also holds some throwaway services, and a
 * disposable mailbox is the riskier reading. Government and education before free, because
 * a few universities appear in the free list (they host alumni mail).
 */
export function classifyEmailDomain(domain: string): EmailDomainType {
  const names = withParents(domain);
  if (names.some((name) => DISPOSABLE.has(name))) return 'DISPOSABLE';
  if (isGovernmentDomain(domain)) return 'GOVERNMENT';
  if (isEducationDomain(domain)) return 'EDUCATION';
  if (names.some((name) => FREE.has(name))) return 'FREE';
  return 'BUSINESS';
}
