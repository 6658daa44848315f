// The SSA tables the synthetic-identity SSN checks read (pre-2011 issuance: area → state, the
// highest group issued per area as of the last monthly list before randomisation).

export interface SsaArea {
  /** The issuing state or territory, or what the table says instead ("Railroad Board", ...). */
  label: string;
  /** False where the area table says "Not Issued". */
  issued: boolean;
}

export interface SsaTables {
  /** The date of the high-group list (the last one is 2011-06-24, the eve of randomisation). */
  highGroupsAsOf: Date;
  /** The sources loaded, for descriptions and the health page. */
  sources: readonly string[];
  /** Highest group issued per area number as of highGroupsAsOf; null: none issued by then. */
  highGroup(area: number): number | null;
  /** The area table's line for an area, or null when the area table is not loaded or silent. */
  area(area: number): SsaArea | null;
}
