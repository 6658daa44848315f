// PHONE_TYPE (Phone): phone type.
// Decided in ../phone.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, PHONE_ONLY } from '../example-kit';
import { INVALID, latestType, NO_RECORDS, NOT_JUDGED } from '../example-kits/phone';
import { PHONE_RECORDS } from '../source-phrases';

export const phoneType = defineCheck({
  id: 'PHONE_TYPE',
  checkPackage: 'Phone',
  name: 'Phone type',
  states: {
    MOBILE: { risk: 'NONE', meaning: 'A mobile number.' },
    LANDLINE: { risk: 'NONE', meaning: 'A fixed-line number.' },
    VOIP: { risk: 'MED', weight: 1.5, meaning: 'A VoIP number.' },
    TOLL_FREE: { risk: 'HIGH', weight: 3.4, meaning: 'A toll-free number.' },
    PREPAID: {
      risk: 'LOW',
      weight: 0.9,
      meaning: "A prepaid mobile number (the latest carrier record's line type).",
    },
    // No information either way (most numbers have no carrier record): weighs 0 and reads NONE.
    UNKNOWN: {
      risk: 'NONE',
      meaning: 'The numbering plan of a valid number does not tell the line type.',
    },
    NONE: {
      risk: 'NONE',
      meaning:
        'No phone was provided, or only numbers not valid in their plan, not judged here ' +
        '(PHONE_FORMAT_INVALID carries them).',
    },
  },
  source: `${PHONE_RECORDS}: the latest record's line type; else libphonenumber metadata (max)`,
  examples: [
    example('MOBILE', { phone: '+447400123456' }, NO_RECORDS),
    example('LANDLINE', { phone: '+442079460000' }, NO_RECORDS),
    example('VOIP', PHONE_ONLY, latestType('VOIP')),
    example('TOLL_FREE', { phone: '+18002752273' }, NO_RECORDS),
    example('PREPAID', PHONE_ONLY, latestType('PREPAID')),
    example('UNKNOWN', PHONE_ONLY, NO_RECORDS),
    example('NONE', EMAIL_ONLY),
    example('NONE', INVALID, NOT_JUDGED),
  ],
});
