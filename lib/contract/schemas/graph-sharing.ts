// Body of PUT /api/console/graph-sharing; the console's switch sends the same shape.
import { z } from 'zod';

export const graphSharingRequestSchema = z.strictObject({
  shareGraph: z
    .boolean({ error: 'must be true or false' })
    .describe("Whether other workspaces see this workspace's sightings, links and records."),
});
export type GraphSharingRequest = z.infer<typeof graphSharingRequestSchema>;
