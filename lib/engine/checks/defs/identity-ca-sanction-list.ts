// IDENTITY_CA_SANCTION_LIST (Identity): Canadian sanctions list.
// Decided in ../identity.ts, which runs the package's checks together.
import { defineCheck } from '../check-def';
import { sanctionStates } from '../common-states';
import { sanctionExamples } from '../example-kits/identity';
import { sanctions } from '../source-phrases';

export const identityCaSanctionList = defineCheck({
  id: 'IDENTITY_CA_SANCTION_LIST',
  checkPackage: 'Identity',
  name: 'Canadian sanctions list',
  states: sanctionStates,
  source: sanctions('Canada Consolidated Autonomous Sanctions List (SEMA XML)'),
  examples: sanctionExamples('CA'),
});
