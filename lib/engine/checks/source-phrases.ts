// Phrases several checks' data sources share (the definitions in defs/ and sources.ts).
export const OBSERVATIONS = 'observations (POST /api/events, and earlier Verify and Signals calls)';
export const PROFILES = 'profile records (POST /api/records, kind profile) linked to the resolved identity';
export const PHONE_RECORDS = 'Identity graph: phone records (POST /api/records, kind phone) of the number';
export const SSA =
  'SSA tables imported with `npm run lists -- import DIR`: the high-group list of 2011-06-24 (the last ' +
  'before randomisation) and the area table';

export const sanctions = (list: string) =>
  `${list}, imported with \`npm run lists -- import DIR\`, screened with the input name (against the ` +
  'input location) and the names the identity graph links to the resolved identity (against the input ' +
  'location and the addresses the graph links to the person)';
