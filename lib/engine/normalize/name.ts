import { withoutControls } from '@/lib/contract/fields/controls';
import { foldLookalikes } from '@/lib/contract/fields/lookalikes';
import type { NameInput } from '../types';

/** Trims, folds lookalikes, drops control characters and collapses runs of white space; blank text becomes null. */
export function cleanNamePart(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const text = withoutControls(foldLookalikes(raw)).replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

export interface NameFields {
  given?: string | null | undefined;
  middle?: string | null | undefined;
  family?: string | null | undefined;
}

/** The normalised name, or null when no part carries text. */
export function normalizeName(raw: NameFields | null | undefined): NameInput | null {
  if (raw === null || raw === undefined) return null;
  const name: NameInput = {
    given: cleanNamePart(raw.given),
    middle: cleanNamePart(raw.middle),
    family: cleanNamePart(raw.family),
  };
  return name.given === null && name.middle === null && name.family === null ? null : name;
}
