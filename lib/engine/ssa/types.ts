// The SSA tables the synthetic-identity SSN checks read (pre-2011 issuance: area → state, the
// highest group issued per area as of the last monthly list).

export interface SsaTables {
  /** The date of the high-group list (the last one is 2011-06-24, before randomisation). */
  highGroupsAsOf: Date;
  /** Highest group issued per area number (001..772) as of highGroupsAsOf. */
  highGroup(area: number): number | null;
  /** The issuing state or territory of an area number, or null when the area was never issued. */
  areaState(area: number): string | null;
}
