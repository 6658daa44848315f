// PHONE_FORMAT_INVALID (Phone): phone format invalid.
// Decided in ../phone.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { noInput } from '../common-states';
import { EMAIL_ONLY, PHONE_ONLY } from '../example-kit';
import { INVALID } from '../example-kits/phone';

export const phoneFormatInvalid = defineCheck({
  id: 'PHONE_FORMAT_INVALID',
  checkPackage: 'Phone',
  name: 'Phone format invalid',
  states: {
    TRUE: { risk: 'HIGH', meaning: 'A number is not valid in its numbering plan.' },
    FALSE: { risk: 'NONE', meaning: 'Every number is valid in its numbering plan.' },
    NONE: noInput,
  },
  source: 'libphonenumber metadata (max): validity of the number in its numbering plan',
  examples: [example('TRUE', INVALID), example('FALSE', PHONE_ONLY), example('NONE', EMAIL_ONLY)],
});
