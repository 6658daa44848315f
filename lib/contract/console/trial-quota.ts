// The workspace's Verify trial quota: the body of PUT /api/console/trial-quota (the route parses
// and the Settings form validates with the same schema) and the answer of GET.
import { z } from 'zod';

/** Highest quota the console accepts; past it a workspace is paying in all but name. */
export const MAX_TRIAL_QUOTA = 100_000_000;

/** Body of PUT /api/console/trial-quota: Verify calls allowed, or null for no quota (a paying workspace). */
export const trialQuotaRequestSchema = z.strictObject({
  trialQuota: z
    .int('must be a whole number of Verify calls')
    .min(0, 'must be 0 or more')
    .max(MAX_TRIAL_QUOTA, `at most ${MAX_TRIAL_QUOTA.toLocaleString('en')}`)
    .nullable(),
});
export type TrialQuotaRequest = z.infer<typeof trialQuotaRequestSchema>;

/** GET /api/console/trial-quota. */
export interface TrialQuota {
  trialQuota: number | null;
  /** Verify calls already counted against the quota. */
  verifyUsed: number;
}
