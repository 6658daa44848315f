// FATF public statements of 19 June 2026, issued at the close of the 17–19 June 2026 plenary:
//   https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions/Call-for-action-june-2026.html
//   https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions/increased-monitoring-june-2026.html
// Index of every edition: https://www.fatf-gafi.org/en/countries/black-and-grey-lists.html
// Changes since October 2025: Kuwait and Papua New Guinea added (February 2026); Bosnia and
// Herzegovina and Iraq added, Algeria and Namibia removed (June 2026). The FATF revises both
// lists after each plenary (February, June, October): replace them and the date together.

export const FATF_PUBLISHED = '2026-06-19';

/** "High-Risk Jurisdictions subject to a Call for Action" (the black list). */
export const FATF_CALL_FOR_ACTION: Readonly<Record<string, string>> = {
  IR: 'Iran',
  KP: "Democratic People's Republic of Korea",
  MM: 'Myanmar',
};

/** "Jurisdictions under Increased Monitoring" (the grey list). */
export const FATF_INCREASED_MONITORING: Readonly<Record<string, string>> = {
  AO: 'Angola',
  BA: 'Bosnia and Herzegovina',
  BG: 'Bulgaria',
  BO: 'Bolivia',
  CD: 'Democratic Republic of the Congo',
  CI: "Côte d'Ivoire",
  CM: 'Cameroon',
  HT: 'Haiti',
  IQ: 'Iraq',
  KE: 'Kenya',
  KW: 'Kuwait',
  LA: 'Lao PDR',
  LB: 'Lebanon',
  MC: 'Monaco',
  NP: 'Nepal',
  PG: 'Papua New Guinea',
  SS: 'South Sudan',
  SY: 'Syria',
  VE: 'Venezuela',
  VG: 'Virgin Islands (UK)',
  VN: 'Vietnam',
  YE: 'Yemen',
};

export type FatfStatus = 'CALL_FOR_ACTION' | 'INCREASED_MONITORING' | 'NOT_LISTED';

export function fatfStatus(countryCode: string): FatfStatus {
  const code = countryCode.toUpperCase();
  if (Object.hasOwn(FATF_CALL_FOR_ACTION, code)) return 'CALL_FOR_ACTION';
  if (Object.hasOwn(FATF_INCREASED_MONITORING, code)) return 'INCREASED_MONITORING';
  return 'NOT_LISTED';
}
