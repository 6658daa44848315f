import type { PatternInterval } from '@/lib/engine/types';

// The form's own shape: rows of objects for the repeatable fields (useFieldArray needs objects)
// and one SSN field. request-body.ts turns it into the API body the schema validates.

export interface ValueRow {
  value: string;
}

export interface ProfileRow {
  service: string;
  username: string;
  url: string;
  userid: string;
}

export interface InvestigateFormValues {
  emails: ValueRow[];
  phones: ValueRow[];
  profiles: ProfileRow[];
  name: { given: string; middle: string; family: string };
  location: {
    addressLine1: string;
    addressLine2: string;
    city: string;
    regionCode: string;
    postalCode: string;
    countryCode: string;
  };
  birthday: string;
  ssn: string;
  ipAddress: string;
  organization: string;
  title: string;
  sessionId: string;
  /** Signals only; empty for no pattern summary. */
  patternInterval: PatternInterval | '';
}

/** What the live preview sees while the user types: any part may still be missing. */
export type PartialFormValues = {
  [K in keyof InvestigateFormValues]?: InvestigateFormValues[K] extends (infer R)[]
    ? (Partial<R> | undefined)[]
    : InvestigateFormValues[K] extends object
      ? Partial<InvestigateFormValues[K]>
      : InvestigateFormValues[K];
};

export const MAX_ROWS = 20;

export const emptyValueRow = (): ValueRow => ({ value: '' });

export const emptyProfileRow = (): ProfileRow => ({ service: '', username: '', url: '', userid: '' });

export function emptyForm(): InvestigateFormValues {
  return {
    emails: [emptyValueRow()],
    phones: [emptyValueRow()],
    profiles: [],
    name: { given: '', middle: '', family: '' },
    location: {
      addressLine1: '',
      addressLine2: '',
      city: '',
      regionCode: '',
      postalCode: '',
      countryCode: '',
    },
    birthday: '',
    ssn: '',
    ipAddress: '',
    organization: '',
    title: '',
    sessionId: '',
    patternInterval: 'month',
  };
}
