// IDENTITY_UK_SANCTION_LIST (Identity): UK sanctions list.
// Decided in ../identity.ts, which runs the package's checks together.
import { defineCheck } from '../check-def';
import { sanctionStates } from '../common-states';
import { sanctionExamples } from '../example-kits/identity';
import { sanctions } from '../source-phrases';

export const identityUkSanctionList = defineCheck({
  id: 'IDENTITY_UK_SANCTION_LIST',
  checkPackage: 'Identity',
  name: 'UK sanctions list',
  states: sanctionStates,
  source: sanctions('UK Sanctions List (FCDO CSV) or OFSI Consolidated List (CSV)'),
  examples: sanctionExamples('UK'),
});
