// Body of PUT /api/console/second-factor-policy; the Settings switch sends the same shape.
import { z } from 'zod';

export const secondFactorPolicyRequestSchema = z.strictObject({
  requireSecondFactor: z
    .boolean({ error: 'must be true or false' })
    .describe('Whether every member must use two-step sign-in to reach the console.'),
});
export type SecondFactorPolicyRequest = z.infer<typeof secondFactorPolicyRequestSchema>;

/** GET /api/console/second-factor-policy: the setting, and how many members meet it today. */
export interface SecondFactorPolicyState {
  requireSecondFactor: boolean;
  members: number;
  /** Members with a confirmed second factor; the others are asked to set one up while it is required. */
  withSecondFactor: number;
}
