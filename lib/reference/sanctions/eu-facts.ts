// What the EU Financial Sanctions Files (CSV and XML alike) say about one subject, applied to a
// draft: subject type codes, birth dates split into parts, ISO country codes with descriptions.
import type { SanctionEntryKind } from '@/lib/engine/sanctions/types';
import { formatPartialDate } from './dates';
import type { EntryDraft } from './entry-draft';

/** "person"/"P" and "enterprise"/"E" (the files carry both, code and classification). */
export function euSubjectKind(...codes: (string | undefined)[]): SanctionEntryKind {
  const all = codes.map((c) => (c ?? '').trim().toLowerCase());
  if (all.some((c) => c === 'person' || c === 'p')) return 'individual';
  if (all.some((c) => c === 'enterprise' || c === 'e')) return 'entity';
  return 'unknown';
}

export interface EuBirthDate {
  birthdate?: string;
  year?: string;
  month?: string;
  day?: string;
  yearFrom?: string;
  yearTo?: string;
}

export function applyEuBirthDate(draft: EntryDraft, date: EuBirthDate): void {
  if (date.birthdate) {
    draft.addBirthDate(date.birthdate);
    return;
  }
  if (date.year) {
    draft.addBirthDateIso(
      formatPartialDate(Number(date.year), Number(date.month ?? 0), Number(date.day ?? 0)),
    );
    return;
  }
  if (date.yearFrom && date.yearTo) draft.addBirthDate(`${date.yearFrom} to ${date.yearTo}`);
}

/** An ISO code when it is one ("00" means unknown), else the country's description. */
export function applyEuCountry(
  draft: EntryDraft,
  iso2: string | undefined,
  description: string | undefined,
): void {
  const code = (iso2 ?? '').trim().toUpperCase();
  if (code && code !== '00') draft.addCountryCode(code);
  else draft.addCountry(description);
}

/** The whole name, or first/middle/last joined when the file leaves wholeName empty. */
export function euWholeName(
  whole: string | undefined,
  first?: string,
  middle?: string,
  last?: string,
): string {
  if (whole?.trim()) return whole;
  return [first, middle, last].filter((p) => p?.trim()).join(' ');
}
