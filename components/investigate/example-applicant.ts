import { emptyForm, type InvestigateFormValues } from './form-values';

/**
 * Cortez Kuvalis, the first person of the demo graph (`npm start` seeds it): an identifier of his
 * was in a breach last week, his social profile is new and his emails have history, so Verify
 * has something to say. His identifiers do not depend on the day the graph was seeded.
 */
export function exampleApplicant(): InvestigateFormValues {
  return {
    ...emptyForm(),
    emails: [{ value: 'cortez.kuvalis@att.net' }, { value: 'cortez9194@yahoo.com' }],
    phones: [{ value: '+15032094384' }, { value: '+16029345238' }],
    profiles: [{ service: 'linkedin', username: 'cortezkuvalis', url: '', userid: '' }],
    name: { given: 'Cortez', middle: '', family: 'Kuvalis' },
    location: {
      addressLine1: '16992 Kathryn Neck',
      addressLine2: 'Apt. 939',
      // The seeded graph's address is made up ("North Gerryfield, CO 81347": no such ZIP, no
      // such city) and would raise the example's own address check; a place that exists instead.
      city: 'Durango',
      regionCode: 'CO',
      postalCode: '81301',
      countryCode: 'US',
    },
    birthday: '1979-11-02',
    ipAddress: '73.121.14.133',
  };
}
