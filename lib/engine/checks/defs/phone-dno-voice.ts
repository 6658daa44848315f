// PHONE_DNO_VOICE (Phone): phone on do-not-originate list (voice).
// Decided in ../phone.ts, which runs the package's checks together.
import { defineCheck } from '../check-def';
import { dnoStates } from '../common-states';
import { dnoExamples } from '../example-kits/phone';
import { PHONE_RECORDS } from '../source-phrases';

export const phoneDnoVoice = defineCheck({
  id: 'PHONE_DNO_VOICE',
  checkPackage: 'Phone',
  name: 'Phone on do-not-originate list (voice)',
  states: dnoStates,
  source: `${PHONE_RECORDS}: the latest record's dno flag; NANP N11 and 555-01XX rules`,
  examples: dnoExamples('voice'),
});
