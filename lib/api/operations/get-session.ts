import { db } from '@/lib/db/client';
import { ProblemError } from '@/lib/http/problem';
import { SESSION_ID_PATTERN } from '@/lib/ids/ids';
import { EXAMPLE_SESSION_ID } from '@/lib/openapi/examples/verify';
import { jsonResponse } from '@/lib/openapi/operation-parts';
import { publicSession } from '@/lib/services/decisions/public-session';
import { keyedOperation } from '../operation';

const unknownSession = () =>
  new ProblemError(404, 'UNKNOWN_SESSION', 'No session with this sessionId exists in this workspace.');

export const getSessionOperation = keyedOperation({
  id: 'getSession',
  method: 'GET',
  path: '/api/sessions/{sessionId}',
  scope: 'verify',
  bucket: 'sessions.get',
  summary: 'Read a session and its decision',
  tag: 'Verify',
  description:
    "One Verify session of the key's workspace: its calls, the risk of its latest call, and the " +
    'latest decision an analyst recorded on it in the console (approve, review or decline, with ' +
    'the reason), or `decision: null` while none is. Poll it, or read it when your flow reaches ' +
    'the point where a person may have decided. A session of another workspace, or an id that was ' +
    'never issued, answers 404 `UNKNOWN_SESSION` alike.',
  problems: ['UNKNOWN_SESSION'],
  // No body: the session is named by the path.
  read: async () => null,
  run: async (_input, { caller, params }) => {
    const sessionId = params.sessionId ?? '';
    const session = SESSION_ID_PATTERN.test(sessionId)
      ? await publicSession(db(), { workspaceId: caller.workspaceId, actor: 'api' }, sessionId)
      : null;
    if (!session) throw unknownSession();
    return Response.json(session, { headers: { 'Cache-Control': 'no-store' } });
  },
  docs: () => ({
    parameters: [
      {
        name: 'sessionId',
        in: 'path',
        required: true,
        description:
          'The `sessionId` a Verify call answered (`ses_` and 16 to 40 base58 characters); any other ' +
          'value answers 404 UNKNOWN_SESSION.',
        schema: { type: 'string', maxLength: 44, examples: [EXAMPLE_SESSION_ID] },
      },
    ],
    responses: {
      '200': jsonResponse('Session', 'The session and the decision in force.', {
        decided: {
          summary: 'Declined by an analyst',
          value: {
            sessionId: EXAMPLE_SESSION_ID,
            createdAt: '2026-07-01T12:00:00.000Z',
            updatedAt: '2026-07-01T12:03:10.000Z',
            calls: 2,
            risk: 0.8464,
            band: 'high',
            decision: {
              id: 'dec_3xV9pQ2mTn8LwK4rZcH7yB',
              decision: 'decline',
              reason: 'Synthetic identity',
              decidedAt: '2026-07-01T14:20:41.000Z',
            },
          },
        },
        undecided: {
          summary: 'No decision yet',
          value: {
            sessionId: EXAMPLE_SESSION_ID,
            createdAt: '2026-07-01T12:00:00.000Z',
            updatedAt: '2026-07-01T12:00:00.000Z',
            calls: 1,
            risk: 0.64,
            band: 'medium',
            decision: null,
          },
        },
      }),
    },
  }),
});
