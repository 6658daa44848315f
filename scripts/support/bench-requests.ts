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
