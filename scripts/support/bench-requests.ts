import type { ScreenedName } from '@/lib/engine/sanctions/types';

/** The benchmarks' applicant: her name, address, IP address and birthday. */
const APPLICANT = {
  name: { given: 'Jane', middle: 'Q', family: 'Doe' },
  location: {
    addressLine1: '1 Main St',
    city: 'Springfield',
    regionCode: 'IL',
    postalCode: '62701',
    countryCode: 'US',
  },
  ipAddress: '203.0.113.9',
  birthday: '1990-04-01',
};
const EMAIL = 'jane.doe@gmail.com';
const PHONE = '+14155550123';

/** The benchmarks' applicant with every identifier (bench.ts "Verify, every identifier", profile-calls.ts). */
export const FULL_REQUEST = {
  emails: [EMAIL, 'j.doe@acme-widgets.com'],
  phones: [PHONE, '(212) 555-0147'],
  profiles: [{ service: 'social', username: 'janedoe' }],
  ssns: ['219-09-9999'],
  ...APPLICANT,
};

/** The applicant under another name, with one e-mail and one phone (bench-screening.ts's requests). */
export const requestNamed = (name: ScreenedName) => ({
  emails: [EMAIL],
  phones: [PHONE],
  ...APPLICANT,
  name,
});

/** A full request for one of many synthetic people: real traffic rarely repeats one person. */
export function personRequest(n: number) {
  return {
    ...FULL_REQUEST,
    emails: [`bench.person${n}@gmail.com`, `p${n}@acme-widgets.com`],
    phones: [`+1650${String(2_000_000 + n).padStart(7, '0')}`],
    ssns: [
      `${String(100 + (n % 600)).padStart(3, '0')}-${String(10 + (n % 89)).padStart(2, '0')}-${String(1000 + n).slice(-4)}`,
    ],
  };
}

/** A number as letters (a name holds no digits): 0 → a, 25 → z, 26 → ba. */
export function letters(n: number): string {
  let text = '';
  let rest = n;
  do {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return text;
}

/** A new applicant of the hub rows: a name and an e-mail nobody sent before (names hold no digits). */
export const hubApplicant = (tag: string, i: number) => ({
  name: { given: 'Sam', family: `${tag}${letters(i)}` },
  emails: [`${tag}.${i}@hub-bench.example`],
});

/** The hub rows' street address number `n` (one shared by the hub, one of their own for the others). */
export const marketStreet = (n: number) => ({
  location: {
    addressLine1: `${n} Market St`,
    city: 'Springfield',
    regionCode: 'IL',
    postalCode: '62701',
    countryCode: 'US',
  },
});
