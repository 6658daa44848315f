// IDENTITY_UN_SANCTION_LIST (Identity): UN sanctions list.
// Decided in ../identity.ts, which runs the package's checks together.
import { defineCheck } from '../check-def';
import { sanctionStates } from '../common-states';
import { sanctionExamples } from '../example-kits/identity';
import { sanctions } from '../source-phrases';

export const identityUnSanctionList = defineCheck({
  id: 'IDENTITY_UN_SANCTION_LIST',
  checkPackage: 'Identity',
  name: 'UN sanctions list',
  states: sanctionStates,
  source: sanctions('UN Security Council Consolidated List (XML)'),
  examples: sanctionExamples('UN'),
});
