// PHONE_PREV_TYPE (Phone): previous phone type.
// Decided in ../phone.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { awaiting } from '../common-states';
import { NO_GRAPH, PHONE_ONLY } from '../example-kit';
import { NO_RECORDS, portedFrom } from '../example-kits/phone';
import { PHONE_RECORDS } from '../source-phrases';

export const phonePrevType = defineCheck({
  id: 'PHONE_PREV_TYPE',
  checkPackage: 'Phone',
  name: 'Previous phone type',
  states: {
    MOBILE: { risk: 'NONE', meaning: 'The line was mobile before its last port.' },
    LANDLINE: { risk: 'NONE', meaning: 'The line was a landline before its last port.' },
    VOIP: { risk: 'MED', meaning: 'The line was VoIP before its last port.' },
    TOLL_FREE: { risk: 'NONE', meaning: 'The line was toll-free before its last port.' },
    PREPAID: { risk: 'NONE', meaning: 'The line was prepaid before its last port.' },
    UNKNOWN: awaiting,
    NONE: {
      risk: 'NONE',
      meaning:
        'No phone, no carrier change is on record, or the number is invalid (not judged here: ' +
        'PHONE_FORMAT_INVALID carries it).',
    },
  },
  source: `${PHONE_RECORDS}: the line type before the latest change of carrier`,
  examples: [
    example('MOBILE', PHONE_ONLY, portedFrom('MOBILE')),
    example('LANDLINE', PHONE_ONLY, portedFrom('LANDLINE')),
    example('VOIP', PHONE_ONLY, portedFrom('VOIP')),
    example('TOLL_FREE', PHONE_ONLY, portedFrom('TOLL_FREE')),
    example('PREPAID', PHONE_ONLY, portedFrom('PREPAID')),
    example('UNKNOWN', PHONE_ONLY, NO_GRAPH),
    example('NONE', PHONE_ONLY, NO_RECORDS),
  ],
});
