// SYNTHETIC_SSN_INVALID: a full SSN whose structure the SSA never issues, read from the input
// alone. An SSN is area (3 digits) - group (2) - serial (4). Never issued, even since the 2011
// randomisation (https://www.ssa.gov/employer/randomization.html): area 000, 666 and 900-999,
// group 00, serial 0000. Area 9xx with an ITIN group (50-65, 70-88, 90-92, 94-99) is an IRS
// Individual Taxpayer Identification Number instead (IRS, "ITIN" guidance): ITIN, not TRUE.
// A last four alone says nothing about the structure: NONE.
import type { Check, SsnInput } from '../types';
import { makeCheck } from './make-check';

/**
 * Published sample and advertising numbers, never valid for a person. As of 2026-11-22.
 * Sources: SSA, "Misused SSNs" (https://www.ssa.gov/history/ssn/misused.html): 078-05-1120
 * (the 1938 Woolworth wallet card) and 219-09-9999 (a 1940 Social Security Board pamphlet);
 * SSA reserves 987-65-4320 to 987-65-4329 for advertisements; 123-45-6789 is the usual
 * placeholder of forms and examples.
 */
export const SSN_SAMPLE_NUMBERS: ReadonlySet<string> = new Set([
  '078051120',
  '219099999',
  '123456789',
  '987654320',
  '987654321',
  '987654322',
  '987654323',
  '987654324',
  '987654325',
  '987654326',
  '987654327',
  '987654328',
  '987654329',
]);

/** The ITIN group ranges (IRS), inclusive. */
const ITIN_GROUPS: readonly (readonly [number, number])[] = [
  [50, 65],
  [70, 88],
  [90, 92],
  [94, 99],
];

const dashed = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;

const isItinGroup = (group: number) => ITIN_GROUPS.some(([low, high]) => group >= low && group <= high);

/** The state of a 9-digit SSN and why; the first rule that applies wins. */
function judge(digits: string): { state: 'TRUE' | 'ITIN' | 'FALSE'; why: string } {
  const [area, group, serial] = [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5)];
  if (SSN_SAMPLE_NUMBERS.has(digits)) {
    return {
      state: 'TRUE',
      why: `${dashed(digits)} is a published sample or advertising number, never valid for a person.`,
    };
  }
  if (area === '000' || area === '666')
    return { state: 'TRUE', why: `The area number ${area} is never issued.` };
  if (group === '00') return { state: 'TRUE', why: 'The group number 00 is never issued.' };
  if (serial === '0000') return { state: 'TRUE', why: 'The serial number 0000 is never issued.' };
  if (area.startsWith('9')) {
    return isItinGroup(Number(group))
      ? { state: 'ITIN', why: `Area ${area} with group ${group} is an IRS taxpayer id (ITIN), not an SSN.` }
      : { state: 'TRUE', why: `The area number ${area} (900-999) is never issued as an SSN.` };
  }
  return { state: 'FALSE', why: 'The area, group and serial numbers have a structure the SSA issues.' };
}

export function ssnStructure(ssn: SsnInput | null): Check {
  if (ssn === null) return makeCheck('SYNTHETIC_SSN_INVALID', 'NONE', 'No SSN was provided.');
  if (ssn.kind === 'last4') {
    return makeCheck(
      'SYNTHETIC_SSN_INVALID',
      'NONE',
      'Only the last four digits of the SSN were provided; the area and group cannot be checked.',
    );
  }
  const { state, why } = judge(ssn.digits);
  return makeCheck('SYNTHETIC_SSN_INVALID', state, why);
}
