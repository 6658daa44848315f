// IDENTITY_EU_SANCTION_LIST (Identity): EU sanctions list.
// Decided in ../identity.ts, which runs the package's checks together.
import { defineCheck } from '../check-def';
import { sanctionStates } from '../common-states';
import { sanctionExamples } from '../example-kits/identity';
import { sanctions } from '../source-phrases';

export const identityEuSanctionList = defineCheck({
  id: 'IDENTITY_EU_SANCTION_LIST',
  checkPackage: 'Identity',
  name: 'EU sanctions list',
  states: sanctionStates,
  source: sanctions('EU Consolidated Financial Sanctions List (FSF CSV or XML)'),
  examples: sanctionExamples('EU'),
});
