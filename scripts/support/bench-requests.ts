/** The benchmarks' applicant with every identifier (bench.ts "Verify, every identifier", profile-join.ts). */
export const FULL_REQUEST = {
  emails: ['jane.doe@gmail.com', 'j.doe@acme-widgets.com'],
  phones: ['+14155550123', '(212) 555-0147'],
  profiles: [{ service: 'social', username: 'janedoe' }],
  ssns: ['219-09-9999'],
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
