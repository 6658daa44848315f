// What the request's other evidence says about a name-only sanctions hit (issue 9): the birth
// year and the countries compared with the listed entry's. A hit this evidence contradicts, with
// nothing agreeing, weighs LOW instead of the state's MED (whether or not the family name is a
// common one); a hit the evidence supports, or with nothing to compare, keeps its weight.
import { frequentFamilyWord } from '../sanctions/common-names';
import type { SanctionEntry, ScreenedName } from '../sanctions/types';
import type { RiskLevel } from '../types';

/** Listed years are often approximate ("circa 1960" keeps only 1960): one year apart is no contradiction. */
const YEAR_SLACK = 1;

export interface HitWeight {
  /** The risk to answer instead of the state's default; undefined keeps the default. */
  risk: RiskLevel | undefined;
  /** One sentence for the check's description. */
  text: string;
}

function birthYear(birthday: string | null): number | null {
  const year = Number(birthday?.slice(0, 4));
  return Number.isInteger(year) && year > 0 ? year : null;
}

/**
 * Weighs a name-only hit of `name` on `entry` by the request's birthday and the countries the
 * name was screened against (none of which agreed, or the hit would not be name-only).
 */
export function weighNameOnlyHit(
  entry: SanctionEntry,
  name: ScreenedName,
  birthday: string | null,
  countries: readonly string[],
): HitWeight {
  const agreed: string[] = [];
  const disagreed: string[] = [];
  const year = birthYear(birthday);
  const listedYears = [...new Set(entry.birthDates.map((date) => Number(date.slice(0, 4))))];
  if (year !== null && listedYears.length > 0) {
    if (listedYears.includes(year)) agreed.push(`birth year ${year} agrees`);
    else if (listedYears.every((listed) => Math.abs(listed - year) > YEAR_SLACK)) {
      disagreed.push(`birth year ${year} (listed ${listedYears.join(', ')})`);
    }
  }
  const own = [...new Set(countries.map((code) => code.trim().toUpperCase()).filter(Boolean))];
  if (own.length > 0 && entry.countries.length > 0) {
    disagreed.push(`country ${own.join(', ')} (listed ${entry.countries.join(', ')})`);
  }
  if (agreed.length === 0 && disagreed.length === 0) {
    return { risk: undefined, text: 'There is no birth year or country to compare with the entry.' };
  }
  const against = disagreed.length > 0 ? `; it disagrees on ${disagreed.join(' and ')}` : '';
  if (agreed.length > 0) {
    return { risk: undefined, text: `The evidence supports the hit: ${agreed.join(' and ')}${against}.` };
  }
  const frequent = frequentFamilyWord(name.family);
  if (frequent === null) {
    // Issue 30: a name-only hit the request contradicts weighs as little as a common name's; the
    // hit is still answered (the state, the entry), so an analyst sees it and recall keeps it.
    return {
      risk: 'LOW',
      text:
        `Nothing agrees with the entry while ${disagreed.join(' and ')} ${disagreed.length === 1 ? 'disagrees' : 'disagree'}, ` +
        'so this name-only hit weighs LOW rather than MED.',
    };
  }
  return {
    risk: 'LOW',
    text:
      `${frequent[0]?.toUpperCase() ?? ''}${frequent.slice(1)} is a common family name and nothing agrees with ` +
      `the entry while ${disagreed.join(' and ')} ${disagreed.length === 1 ? 'disagrees' : 'disagree'}, so this ` +
      'name-only hit weighs LOW rather than MED.',
  };
}
