import { auth } from '@/lib/auth/auth';
import { sessionClaims } from '@/lib/auth/claims';
import { type Role, roleAllows } from '@/lib/auth/roles';
import { isSameOriginRequest } from '@/lib/auth/same-origin';
import { STANDING_REFUSAL, sessionStanding } from '@/lib/auth/session-standing';
import { db } from '@/lib/db/client';
import { logger } from '@/lib/log/logger';
import { touchConsoleSession } from '@/lib/services/console-sessions';
import { findMembership } from '@/lib/services/console-users';
import type { WorkspaceContext } from '@/lib/services/context';
import { toProblem } from './api-route';
import { ProblemError } from './problem';
import { readJsonBody } from './read-json';
import { requestIdFrom } from './request-id';

export interface ConsoleContext {
  request: Request;
  requestId: string;
  userId: string;
  /** The session's active workspace: every console call is scoped to it. */
  workspace: { id: string; name: string; trialQuota: number | null };
  role: Role;
  /** The services' context: this workspace, this user, this request's id (for audit rows). */
  ctx: WorkspaceContext;
  /** Reads the body as JSON within the API's size limit (415/413/400 as problems). */
  json(): Promise<unknown>;
}

interface ConsoleRouteOptions {
  /** Name in the request log, e.g. `console.keys.create`. */
  endpoint: string;
  /** Minimum role; analysts by default. */
  role?: Role;
}

type RouteContext<P> = { params: Promise<P> };

/**
 * The guard of every console data route: an Auth.js session (not an API key), the current
 * membership of its workspace read from the database (so a removed member or a demoted admin
 * loses access at once, whatever the cookie says), the session's standing (signed out by a reset or
 * a password change; a one-time password to replace first), the role, a same-origin check for writes,
 * then the handler. Failures are problem+json as in the public API: 401 without a session,
 * 403 for a missing role, 503 when the database is down, never a 500 with internals.
 */
export function consoleRoute<P = Record<string, never>>(
  options: ConsoleRouteOptions,
  handler: (ctx: ConsoleContext, params: P) => Promise<Response>,
) {
  return async (request: Request, context: RouteContext<P>): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdFrom(request.headers);
    const log = logger().child({ requestId, endpoint: options.endpoint });
    let response: Response;
    let workspaceId: string | undefined;
    try {
      const claims = sessionClaims(await auth());
      if (!claims) throw new ProblemError(401, 'UNAUTHORIZED', 'Sign in to the console first.');
      if (!isSameOriginRequest(request.method, request.headers)) {
        throw new ProblemError(403, 'FORBIDDEN', 'Console requests must come from the console itself.');
      }
      const membership = await findMembership(db(), claims.userId, claims.workspaceId, claims.sessionId);
      if (!membership) {
        throw new ProblemError(
          401,
          'UNAUTHORIZED',
          'You are no longer a member of this workspace; sign in again.',
        );
      }
      const standing = sessionStanding(claims.signedInAt, membership, claims.signedInWith);
      if (standing !== 'active') {
        const refusal = STANDING_REFUSAL[standing];
        throw new ProblemError(
          refusal.status,
          refusal.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN',
          refusal.message,
        );
      }
      if (claims.sessionId) await touchConsoleSession(db(), claims.sessionId);
      workspaceId = claims.workspaceId;
      const required = options.role ?? 'analyst';
      if (!roleAllows(membership.role, required)) {
        throw new ProblemError(403, 'FORBIDDEN', `This action needs the ${required} role in this workspace.`);
      }
      response = await handler(
        {
          request,
          requestId,
          userId: claims.userId,
          workspace: {
            id: claims.workspaceId,
            name: membership.workspaceName,
            trialQuota: membership.trialQuota,
          },
          role: membership.role,
          ctx: { workspaceId: claims.workspaceId, actor: claims.userId, requestId },
          json: () => readJsonBody(request),
        },
        await context.params,
      );
    } catch (error) {
      response = toProblem(error, requestId, log);
    }
    response.headers.set('X-Request-Id', requestId);
    // Workspace data: never stored by shared caches or the browser's back-forward cache.
    response.headers.set('Cache-Control', 'no-store');
    log.info(
      { status: response.status, workspaceId, durationMs: Math.round(performance.now() - started) },
      'request',
    );
    return response;
  };
}
