// Email domains by the EMAIL_TYPE state they reach (checked in tests/unit/seed-generate.test.ts
// against classifyEmailDomain), plus domains under the reserved `.invalid` TLD (RFC 2606), which
// never resolve: EMAIL_NO_MX_RECORD TRUE and EMAIL_DELIVERABILITY FALSE once DNS is wired in.
import type { Rng } from './prng';

export type DomainKind = 'free' | 'business' | 'disposable' | 'education' | 'government' | 'no-mx';

const FREE: Readonly<Record<string, readonly string[]>> = {
  US: [
    'gmail.com',
    'yahoo.com',
    'outlook.com',
    'hotmail.com',
    'aol.com',
    'icloud.com',
    'comcast.net',
    'att.net',
  ],
  GB: ['gmail.com', 'yahoo.co.uk', 'hotmail.co.uk', 'btinternet.com', 'outlook.com'],
  DE: ['gmail.com', 'gmx.de', 'web.de', 't-online.de'],
  FR: ['gmail.com', 'orange.fr', 'free.fr', 'laposte.net'],
  BR: ['gmail.com', 'uol.com.br', 'bol.com.br', 'hotmail.com'],
  IN: ['gmail.com', 'rediffmail.com', 'yahoo.com'],
  other: ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'proton.me'],
};

const DISPOSABLE = [
  'mailinator.com',
  'guerrillamail.com',
  '10minutemail.com',
  'yopmail.com',
  'sharklasers.com',
  'maildrop.cc',
];

const EDUCATION: Readonly<Record<string, readonly string[]>> = {
  US: ['mit.edu', 'stanford.edu', 'umich.edu', 'berkeley.edu', 'utexas.edu', 'nyu.edu'],
  GB: ['ox.ac.uk', 'ucl.ac.uk', 'ed.ac.uk'],
  AU: ['unimelb.edu.au', 'sydney.edu.au'],
  IN: ['iitb.ac.in', 'du.ac.in'],
  other: ['mit.edu', 'ox.ac.uk', 'u-tokyo.ac.jp'],
};

const GOVERNMENT: Readonly<Record<string, readonly string[]>> = {
  US: ['irs.gov', 'nasa.gov', 'state.gov', 'army.mil', 'ny.gov', 'ca.gov'],
  GB: ['hmrc.gov.uk', 'cabinetoffice.gov.uk', 'nhs.net'],
  DE: ['bund.de'],
  FR: ['interieur.gouv.fr'],
  BR: ['gov.br'],
  IN: ['nic.in'],
  other: ['who.int', 'europa.eu'],
};

const BUSINESS_TLD: Readonly<Record<string, string>> = {
  GB: 'co.uk',
  DE: 'de',
  FR: 'fr',
  ES: 'es',
  BR: 'com.br',
  IN: 'in',
  AU: 'com.au',
  CA: 'ca',
  MX: 'com.mx',
};

const byCountry = (table: Readonly<Record<string, readonly string[]>>, country: string) =>
  table[country] ?? table.other ?? [];

/** Letters and digits of a company name, joined by hyphens: "Johns - Kiehn LLC" gives johns-kiehn. */
export function companySlug(company: string): string {
  return (
    company
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/\b(llc|inc|ltd|gmbh|sa|sarl|plc|group|and)\b/g, ' ')
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 40)
      .replace(/^-+|-+$/g, '') || 'company'
  );
}

export function businessDomain(company: string, country: string, rng: Rng): string {
  const tld = BUSINESS_TLD[country] ?? (rng.chance(0.15) ? 'io' : 'com');
  return `${companySlug(company)}.${tld}`;
}

/** A mailbox domain of the given kind; `company` names the employer for business and no-MX ones. */
export function emailDomain(rng: Rng, kind: DomainKind, country: string, company: string): string {
  switch (kind) {
    case 'free':
      return rng.pick(byCountry(FREE, country));
    case 'disposable':
      return rng.pick(DISPOSABLE);
    case 'education':
      return rng.pick(byCountry(EDUCATION, country));
    case 'government':
      return rng.pick(byCountry(GOVERNMENT, country));
    case 'business':
      return businessDomain(company, country, rng);
    case 'no-mx':
      return `${companySlug(company)}.invalid`;
  }
}
