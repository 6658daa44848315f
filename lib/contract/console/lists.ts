/** One imported reference list, as the health endpoint and the console's Lists page show it. */
export interface ListStatus {
  name: string;
  /** tor | privacy-relay | vpn | datacenter | ssa-high-group | ssa-area | sanctions:OFAC|UN|EU|UK|CA */
  category: string;
  format: string;
  entries: number;
  publishedAt: string | null;
  importedAt: string;
}
