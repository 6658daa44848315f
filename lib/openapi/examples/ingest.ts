// Examples of the ingestion feeds: a batch of events, one of each record kind, and the tally.
import { EXAMPLE_EMAIL, EXAMPLE_IP, EXAMPLE_PHONE } from './verify';

export const eventBatchExample = [
  {
    id: 'web-2026-06-30-000154',
    type: 'signup',
    observedAt: '2026-06-30T14:05:09Z',
    source: 'web',
    country: 'US',
    emails: [EXAMPLE_EMAIL],
    ipAddress: EXAMPLE_IP,
  },
  {
    id: 'web-2026-06-30-000187',
    type: 'click',
    observedAt: 1_782_833_400_000,
    source: 'newsletter',
    emails: [EXAMPLE_EMAIL],
  },
];

export const eventNdjsonExample = `${eventBatchExample.map((event) => JSON.stringify(event)).join('\n')}\n`;

export const recordBatchExample = [
  {
    kind: 'breach',
    breach: 'ExampleShop 2019',
    breachedAt: '2019-01-07',
    emails: [EXAMPLE_EMAIL],
    name: { given: 'Jane', family: 'Doe' },
  },
  {
    kind: 'phone',
    phone: EXAMPLE_PHONE,
    lineType: 'MOBILE',
    carrier: 'Example Wireless',
    observedAt: '2026-06-01',
  },
  {
    kind: 'profile',
    service: 'github',
    username: 'janedoe',
    createdAt: '2012-05-14',
    followers: 214,
    following: 87,
    country: 'US',
    emails: [EXAMPLE_EMAIL],
  },
];

export const ingestResultExample = { accepted: 2, duplicates: 0, rejected: [] };

export const ingestRejectionExample = {
  accepted: 1,
  duplicates: 1,
  rejected: [
    {
      index: 2,
      code: 'FUTURE_TIMESTAMP',
      message: 'observedAt: is more than 5 minutes in the future (server time 2026-07-01T12:00:00.000Z)',
    },
  ],
};
