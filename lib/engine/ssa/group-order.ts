// The order in which the SSA issued the group numbers of an area before the 2011 randomisation
// (SSA, "The SSN numbering scheme", https://www.ssa.gov/history/ssn/geocard.html): odd groups
// 01-09, then even groups 10-98, then even groups 02-08, then odd groups 11-99.

/** 1..99: the position of a group in the issuance order; 0 for group 00 (never issued). */
export function groupRank(group: number): number {
  if (!Number.isInteger(group) || group < 1 || group > 99) return 0;
  const odd = group % 2 === 1;
  if (odd && group <= 9) return (group + 1) / 2; // 01..09 → 1..5
  if (!odd && group >= 10) return 5 + (group - 8) / 2; // 10..98 → 6..50
  if (!odd) return 50 + group / 2; // 02..08 → 51..54
  return 54 + (group - 9) / 2; // 11..99 → 55..99
}
