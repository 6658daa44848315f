// Body of PUT /api/console/graph-sharing; the console's switch sends the same shape.
import { z } from 'zod';

export const graphSharingRequestSchema = z.strictObject({
  shareGraph: z
    .boolean({ error: 'must be true or false' })
    .describe("Whether other workspaces see this workspace's sightings, links and records."),
});
export type GraphSharingRequest = z.infer<typeof graphSharingRequestSchema>;

/** What a workspace has put into the shared graph: what other workspaces see while it shares. */
export interface GraphContributions {
  /** Identifiers it saw or reported, by kind (email, phone, name, address, ip, ssn, profile, employment). */
  identifiers: Partial<Record<string, number>>;
  /** Links between identifiers it reported or observed together. */
  links: number;
  /** Breach, carrier (phone) and profile records it reported. */
  breaches: number;
  phoneRecords: number;
  profileRecords: number;
}

/** GET /api/console/graph-sharing: the setting, and what sharing shows (or shows now). */
export interface GraphSharingState {
  shareGraph: boolean;
  contributions: GraphContributions;
}
