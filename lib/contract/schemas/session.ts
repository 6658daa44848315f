// Response body of GET /api/sessions/{sessionId}: a session as the calling system acts on it,
// with the analysts' decision in force.
import { z } from 'zod';
import { DECISIONS } from '../console/decisions';
import { verifyOutcomeSchema } from './verify';

export const sessionDecisionSchema = z
  .object({
    id: z.string().describe('Id of the decision (`dec_`…), as the console and the audit log show it.'),
    decision: z.enum(DECISIONS).describe('approve, review or decline.'),
    reason: z.string().describe("The reason the analyst chose from the workspace's list."),
    decidedAt: z.string().describe('When it was recorded (ISO 8601).'),
  })
  .describe(
    "The latest decision an analyst recorded on the session in the console; earlier ones stay in the console's history.",
  );

export const sessionSchema = z
  .object({
    sessionId: z.string().describe('The session id Verify answered.'),
    createdAt: z.string().describe('When the session was created by its first Verify call (ISO 8601).'),
    updatedAt: z.string().describe('When its last Verify call was made (ISO 8601).'),
    calls: z.int().min(1).describe('Verify calls made in the session.'),
    risk: z.number().min(0).max(1).describe('The risk score of the latest call.'),
    band: z
      .enum(['low', 'medium', 'high'])
      .describe('The band of risk: ≤ 0.50 low, ≤ 0.75 medium, above high.'),
    decision: sessionDecisionSchema
      .nullable()
      .describe(
        'The latest analyst decision, or null while none is in force: none recorded yet, or a sanctions monitoring hit put the session back in review since.',
      ),
    outcome: verifyOutcomeSchema
      .optional()
      .describe(
        "What the workspace's rules decided on the session's latest call, as that Verify answered it; absent when the workspace had no rules then.",
      ),
  })
  .describe('One Verify session of your workspace and the decision in force on it.');

export type SessionDecision = z.infer<typeof sessionDecisionSchema>;
export type PublicSession = z.infer<typeof sessionSchema>;
