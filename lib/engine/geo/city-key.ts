// One key for the spellings of a US city name: "St. Mary's", "Saint Marys" and "SAINT MARY'S"
// meet, as do "Mc Lean" and "McLean", "Ft Worth" and "Fort Worth", "N Little Rock" and "North".

/** Abbreviations the ZIP data and callers both use, in either form. */
const WORDS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
  pt: 'point',
  n: 'north',
  s: 'south',
  e: 'east',
  w: 'west',
};

/** Accents, case, apostrophes, punctuation and spacing folded; abbreviations expanded. */
export function cityKey(city: string): string {
  return city
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => WORDS[word] ?? word)
    .join('');
}
