import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import type { VerifyResponse } from '@/lib/contract/console/verify';
import { seal, unseal } from '@/lib/crypto/seal';
import type { Database, Executor } from '@/lib/db/client';
import { sessionCalls, sessions, workspaces } from '@/lib/db/schema';
import { retryingTransaction } from '@/lib/db/transaction';
import { compareChecks, runChecks } from '@/lib/engine/checks';
import { type CoverageSample, coverageSample, weighAbsence } from '@/lib/engine/coverage';
import type { IdentifierKey } from '@/lib/engine/graph/identifier-keys';
import { maskRequest } from '@/lib/engine/mask';
import { storableChecks } from '@/lib/engine/mask-checks';
import { mergeRequests } from '@/lib/engine/merge';
import { scoreChecks } from '@/lib/engine/risk';
import { applyRiskPolicy } from '@/lib/engine/risk-policy/apply-policy';
import type { NormalizedRequest } from '@/lib/engine/types';
import { newId, SESSION_ID_PATTERN } from '@/lib/ids/ids';
import { referenceContext } from './check-context';
import type { WorkspaceContext } from './context';
import { countSession, workspaceCoverage } from './coverage';
import { deletedIdentifiers } from './deletion';
import { completeMx } from './dns/mx';
import { gatherFacts } from './graph/facts';
import { graphKeys } from './graph/keys';
import { tagOf } from './graph/observe';
import { observeCall } from './graph/observe-call';
import { graphView } from './graph/view';
import { getPolicy } from './risk-policy/get-policy';

export type { VerifyResponse };

export type VerifyOutcome =
  | { kind: 'ok'; created: boolean; body: VerifyResponse }
  | { kind: 'unknown_session' }
  | { kind: 'quota_exceeded'; quota: number }
  /** An identifier of the request was deleted on its person's request (410): nothing was stored. */
  | { kind: 'data_deleted'; kinds: string[] };

/** Keys whose identifiers were not deleted since the session received them (never re-learned). */
async function liveKeys(tx: Executor, keys: IdentifierKey[], workspaceId: string): Promise<IdentifierKey[]> {
  const gone = new Set(await deletedIdentifiers(tx, keys, workspaceId));
  return keys.filter((key) => !gone.has(key));
}

/**
 * A joined session's earlier identifiers, when this call brings one the session does not hold
 * yet (only those link to them); none otherwise, without a tombstone lookup.
 */
async function earlierToLink(
  tx: Executor,
  previous: NormalizedRequest | null,
  keys: IdentifierKey[],
  workspaceId: string,
): Promise<IdentifierKey[]> {
  if (!previous) return [];
  const earlier = graphKeys(previous);
  const held = new Set(earlier.map(tagOf));
  return keys.some((key) => !held.has(tagOf(key))) ? liveKeys(tx, earlier, workspaceId) : [];
}

/** Who calls: a workspace's key or console member (the context), and the workspace's trial quota. */
export interface VerifyCaller extends WorkspaceContext {
  trialQuota: number | null;
}

/**
 * Verify for one workspace: join or create the session, run the checks over the union of the
 * session's identifiers, and record the call, the session and the observations in one
 * transaction (the session row is locked, so concurrent joins see each other's identifiers).
 */
export async function verify(
  db: Database,
  caller: VerifyCaller,
  input: NormalizedRequest,
  requestId: string,
  now: Date = new Date(),
): Promise<VerifyOutcome> {
  const secret = serverSecret();
  // Outside the transaction: cached reference indexes and DNS answers (see check-context.ts).
  const reference = await referenceContext(db, input);
  const keys = graphKeys(input);
  const coverage = await workspaceCoverage(db, caller.workspaceId, now);
  const policy = await getPolicy(db, caller.workspaceId);
  // Cached in-process: no round trip when the list of non-sharing workspaces is fresh.
  const view = await graphView(db, caller.workspaceId);
  const outcome = await retryingTransaction(
    db,
    async (tx): Promise<VerifyOutcome & { sample?: CoverageSample }> => {
      // First, before anything is written or counted against the quota (docs/api/operations.md, deletion).
      const deleted = await deletedIdentifiers(tx, keys, caller.workspaceId);
      if (deleted.length > 0)
        return { kind: 'data_deleted', kinds: [...new Set(deleted.map((k) => k.kind))] };
      let previous: NormalizedRequest | null = null;
      let began: Date | null = null;
      if (input.sessionId) {
        // Any form is accepted (docs/api/request-fields.md): one that newId never makes names no session and
        // is not looked up (Postgres text refuses NUL characters).
        const [row] = SESSION_ID_PATTERN.test(input.sessionId)
          ? await tx
              .select({ sealed: sessions.identifiersSealed, createdAt: sessions.createdAt })
              .from(sessions)
              .where(and(eq(sessions.id, input.sessionId), eq(sessions.workspaceId, caller.workspaceId)))
              .for('update')
          : [];
        if (!row) return { kind: 'unknown_session' };
        previous = JSON.parse(unseal(secret, row.sealed)) as NormalizedRequest;
        began = row.createdAt;
      }
      if (caller.trialQuota !== null) {
        const counted = await tx
          .update(workspaces)
          .set({ verifyUsed: sql`${workspaces.verifyUsed} + 1` })
          .where(and(eq(workspaces.id, caller.workspaceId), lt(workspaces.verifyUsed, caller.trialQuota)))
          .returning({ used: workspaces.verifyUsed });
        if (counted.length === 0) return { kind: 'quota_exceeded', quota: caller.trialQuota };
      }

      const evaluated = previous ? mergeRequests(previous, input) : input;
      // Read before this call is observed below, and as of the session's start for a join: the
      // checks see the graph as it was before the session, whose own calls are not sightings.
      const graph = await gatherFacts(tx, evaluated, now, began, view);
      // The session's earlier emails were looked up on their own call: cached, so this is cheap.
      const mx = await completeMx(reference.mx, evaluated);
      const ran = runChecks(evaluated, { ...reference, mx, now, graph });
      // The workspace's policy sets the level of the states it names; absence then weighs only as
      // much as the graph's coverage of the workspace's applicants says.
      const weighed = weighAbsence(applyRiskPolicy(ran, policy), coverage);
      const { risk, checks } = scoreChecks(weighed.sort(compareChecks));
      // A new session is one applicant in the coverage measurement; joins do not count again.
      const sample = previous ? null : coverageSample(graph, now.getTime());
      const sessionId = input.sessionId ?? newId('ses');
      const sealed = seal(secret, JSON.stringify({ ...evaluated, sessionId: null }));
      if (previous) {
        await tx
          .update(sessions)
          .set({
            identifiersSealed: sealed,
            calls: sql`${sessions.calls} + 1`,
            lastRisk: risk,
            updatedAt: now,
          })
          .where(eq(sessions.id, sessionId));
      } else {
        await tx.insert(sessions).values({
          id: sessionId,
          workspaceId: caller.workspaceId,
          identifiersSealed: sealed,
          calls: 1,
          lastRisk: risk,
          graphAsked: sample?.asked ?? 0,
          graphKnownMonth: sample?.knownMonth ?? 0,
          graphKnownYear: sample?.knownYear ?? 0,
          createdAt: now,
          updatedAt: now,
        });
      }
      await tx.insert(sessionCalls).values({
        id: newId('call'),
        sessionId,
        workspaceId: caller.workspaceId,
        status: previous ? 200 : 201,
        risk,
        inputSummary: { ...maskRequest(input) },
        // The answer goes back to its caller as it is; what is kept shows no SSN, phone or birthday.
        checks: storableChecks(checks, evaluated),
        requestId,
        policyVersion: policy.version,
        createdAt: now,
      });
      // The call is one sighting of each identifier; several identifiers in one call also link them,
      // and a join links the ones new to the session to its earlier identifiers (without sighting those).
      await observeCall(tx, caller.workspaceId, {
        type: 'verification',
        keys,
        earlier: await earlierToLink(tx, previous, keys, caller.workspaceId),
        at: now,
      });
      return {
        kind: 'ok',
        created: previous === null,
        body: { risk, sessionId, checks },
        ...(sample ? { sample } : {}),
      };
    },
  );
  if (outcome.kind !== 'ok' || !outcome.sample) return outcome;
  countSession(caller.workspaceId, outcome.sample);
  const { sample: _counted, ...answer } = outcome;
  return answer;
}
