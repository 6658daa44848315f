// How a name is compared with the names the graph holds: by given and family name, in either
// order, ignoring case and the middle name ("Jane Q. Doe" is a form of "Jane Doe").
import type { NameInput } from '../types';

/** Same normalisation as a name part in identifierKeys (trim, lower case, one space). */
const part = (text: string | null): string => (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The keys `given|family` and `family|given` of a name; the SQL twin of a stored name value
 * `given|middle|family` is `split_part(value, '|', 1) || '|' || split_part(value, '|', 3)`.
 */
export function nameForms(name: NameInput | null): string[] {
  const given = part(name?.given ?? null);
  const family = part(name?.family ?? null);
  if (given === '' && family === '') return [];
  return [...new Set([`${given}|${family}`, `${family}|${given}`])];
}
