// One check from the findings of several emails or phones: the riskiest decides, every item is described.
import type { Check } from '../types';
import type { CheckId, CheckState } from './catalog';
import { decide, describeFindings, type Finding } from './findings';
import { makeCheck } from './make-check';

export function findingsCheck<I extends CheckId>(
  id: I,
  noun: 'email' | 'phone',
  findings: readonly Finding<CheckState<I>>[],
  fallback: CheckState<I>,
  quiet: readonly string[] = ['UNKNOWN'],
): Check {
  const decisive = decide(findings, quiet);
  const description = describeFindings(
    noun,
    findings.map((finding) => finding.detail),
  );
  return makeCheck(id, decisive?.state ?? fallback, description, decisive?.risk);
}
