// PHONE_PORT (Phone): phone ported.
// Decided in ../phone.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { PHONE_ONLY, record, yearsAgo } from '../example-kit';
import { NO_RECORDS, ported, records } from '../example-kits/phone';
import { PHONE_RECORDS } from '../source-phrases';

export const phonePort = defineCheck({
  id: 'PHONE_PORT',
  checkPackage: 'Phone',
  name: 'Phone ported',
  states: {
    RECENT: { risk: 'HIGH', meaning: 'Ported to another carrier within 30 days.' },
    PORTED: { risk: 'LOW', meaning: 'Ported to another carrier more than 30 days ago.' },
    NOT_PORTED: { risk: 'NONE', meaning: 'Never ported.' },
    UNKNOWN: {
      risk: 'NONE',
      meaning:
        'No phone, its carrier history is not known yet, or the number is invalid (not judged here: ' +
        'PHONE_FORMAT_INVALID carries it).',
    },
  },
  source: `${PHONE_RECORDS}: changes of carrier`,
  examples: [
    example('RECENT', PHONE_ONLY, ported(10)),
    example('PORTED', PHONE_ONLY, ported(200)),
    example(
      'NOT_PORTED',
      PHONE_ONLY,
      records('One carrier record: Carrier A, 3 years before the clock.', [
        record(yearsAgo(3), 'MOBILE', 'Carrier A'),
      ]),
    ),
    example('UNKNOWN', PHONE_ONLY, NO_RECORDS),
  ],
});
