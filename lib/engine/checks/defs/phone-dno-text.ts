// PHONE_DNO_TEXT (Phone): phone on do-not-originate list (text).
// Decided in ../phone.ts, which runs the package's checks together.
import { defineCheck } from '../check-def';
import { dnoStates } from '../common-states';
import { dnoExamples } from '../example-kits/phone';
import { PHONE_RECORDS } from '../source-phrases';

export const phoneDnoText = defineCheck({
  id: 'PHONE_DNO_TEXT',
  checkPackage: 'Phone',
  name: 'Phone on do-not-originate list (text)',
  states: dnoStates,
  source: `${PHONE_RECORDS}: the latest record's dno flag; NANP N11 and 555-01XX rules`,
  examples: dnoExamples('text'),
});
