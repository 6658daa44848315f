// Check descriptions as stored with a session's call and shown in the console: the Verify answer
// goes back to the caller who sent the data, but what is kept and shown to every analyst later
// carries no SSN digits beyond the last four, no full phone number and no birthday.
import { maskBirthday, maskPhone } from './mask';
import type { Check, NormalizedRequest } from './types';

const SSN_MASK = '***-**-****';
// Any nine digits written as an SSN (536228412, 536-22-8412, 536 22 8412).
const SSN_FORM = /\b\d{3}([- ]?)\d{2}\1\d{4}\b/g;
// The SSA tables name an SSN's area and groups ("Group 22 comes before area 536's highest group 24").
const SSN_PARTS = /\b(area number|area|group)(\s+)\d{1,3}\b/gi;
// "(area 536: Label)": the area's state names the area as well as its number does.
const AREA_LABEL = /\s*\(area \d{3}: [^)]*\)/g;
// A phone in E.164 anywhere in a description (its own, or one the graph names).
const E164 = /\+\d{7,15}\b/g;

/** Every birthday the request (and its session) carries; they are replaced by their year. */
function birthdays(input: NormalizedRequest): string[] {
  return [input.birthday, ...(input.sessionValues?.birthdays ?? [])].filter((b): b is string => b !== null);
}

export function maskDescription(id: string, description: string, input: NormalizedRequest): string {
  let text = description;
  if (id.startsWith('SYNTHETIC_SSN_')) text = text.replace(AREA_LABEL, '').replace(SSN_PARTS, '$1$2***');
  text = text.replace(SSN_FORM, SSN_MASK).replace(E164, (phone) => maskPhone(phone));
  for (const birthday of birthdays(input)) {
    text = text.replaceAll(birthday, maskBirthday(birthday));
  }
  return text;
}

/** The checks of a call as stored: the same ids, states and risks, descriptions masked. */
export function storableChecks<C extends Check>(checks: readonly C[], input: NormalizedRequest): C[] {
  return checks.map((check) => ({
    ...check,
    description: maskDescription(check.id, check.description, input),
  }));
}
