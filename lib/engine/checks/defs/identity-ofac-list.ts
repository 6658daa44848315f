// IDENTITY_OFAC_LIST (Identity): OFAC sanctions list.
// Decided in ../identity.ts, which runs the package's checks together.
import { defineCheck } from '../check-def';
import { sanctionStates } from '../common-states';
import { sanctionExamples } from '../example-kits/identity';
import { sanctions } from '../source-phrases';

export const identityOfacList = defineCheck({
  id: 'IDENTITY_OFAC_LIST',
  checkPackage: 'Identity',
  name: 'OFAC sanctions list',
  states: sanctionStates,
  source: sanctions('OFAC SDN and consolidated non-SDN lists (legacy CSV files)'),
  examples: sanctionExamples('OFAC'),
});
