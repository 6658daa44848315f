import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import type { VerifyResponse } from '@/lib/contract/console/verify';
import { seal, unseal } from '@/lib/crypto/seal';
import type { Database, Executor } from '@/lib/db/client';
import { sessionCalls, sessions, webhookMessages, workspaces } from '@/lib/db/schema';
import { retryingTransaction } from '@/lib/db/transaction';
import { compareChecks, runChecks } from '@/lib/engine/checks';
import { type CoverageSample, coverageSample, weighAbsence } from '@/lib/engine/coverage';
import type { GraphFacts } from '@/lib/engine/graph/facts';
import type { IdentifierKey } from '@/lib/engine/graph/identifier-keys';
import { maskRequest } from '@/lib/engine/mask';
import { storableChecks } from '@/lib/engine/mask-checks';
import { mergeRequests } from '@/lib/engine/merge';
import { riskBand, scoreChecks } from '@/lib/engine/risk';
import { applyRiskPolicy } from '@/lib/engine/risk-policy/apply-policy';
import { policyWeights } from '@/lib/engine/risk-policy/overrides';
import {
  decide,
  listMatches,
  type RuleDecision,
  type StoredRuleFacts,
  velocityCounts,
} from '@/lib/engine/rules/decide';
import { rulesInForce } from '@/lib/engine/rules/rule-set';
import type { NormalizedRequest, WorkspaceListHit } from '@/lib/engine/types';
import type { VelocityFacts } from '@/lib/engine/velocity/facts';
import { sessionCreatedEvent } from '@/lib/engine/webhooks/events';
import { newId, SESSION_ID_PATTERN } from '@/lib/ids/ids';
import { traced } from '@/lib/telemetry/span';
import { type ReferenceContext, referenceContext } from './check-context';
import type { WorkspaceContext } from './context';
import { countSession, workspaceCoverage } from './coverage';
import { deletedForReading, deletedIdentifiers } from './deletion';
import { completeMx } from './dns/mx';
import { gatherFacts } from './graph/facts';
import { graphKeys } from './graph/keys';
import { tagOf } from './graph/observe';
import { observeCall } from './graph/observe-call';
import { type GraphView, graphView } from './graph/view';
import { recordCall } from './record-calls';
import { getPolicy } from './risk-policy/get-policy';
import { getRules } from './rules/get-rules';
import { type KeyedHub, keyedHubs, readVelocity, type VelocityWrite, writeVelocity } from './velocity';
import { type OutboxRow, outboxRows, sessionCreatedTargets } from './webhooks/outbox';
import { matchWorkspaceLists } from './workspace-lists';

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
  /**
   * `console`: an analyst's lookup, which reads the graph and the velocity counts but moves
   * neither (it is not the applicant's activity): no sighting, no velocity count, no coverage
   * sample. A key's call, or a service caller's, is all three.
   */
  via?: 'key' | 'console';
}

/** What a counted call adds to the velocity counts; nothing for the console's calls. */
function velocityWrite(
  caller: VerifyCaller,
  sessionId: string,
  hubs: KeyedHub[],
  at: Date,
): VelocityWrite | null {
  return caller.via === 'console' ? null : { workspaceId: caller.workspaceId, sessionId, at, hubs };
}

/** What a Verify reads before it evaluates, whichever path writes it. */
interface Prepared {
  secret: string;
  reference: ReferenceContext;
  keys: IdentifierKey[];
  coverage: Awaited<ReturnType<typeof workspaceCoverage>>;
  policy: Awaited<ReturnType<typeof getPolicy>>;
  /** The workspace's decision rules in force; null when it has none (the answer has no outcome). */
  rules: Awaited<ReturnType<typeof getRules>>;
  /** The endpoints a new session's `session.created` goes to (none for the console's lookups). */
  webhookTargets: string[];
  view: GraphView;
}

type Evaluated = VerifyResponse & {
  sample: CoverageSample | null;
  sessionRow: typeof sessions.$inferInsert;
  ruleFacts: StoredRuleFacts;
  decided: RuleDecision | null;
};

/** The new session's `session.created` messages, one per endpoint that takes it. */
const sessionMessages = (caller: VerifyCaller, result: Evaluated, p: Prepared, now: Date): OutboxRow[] =>
  p.webhookTargets.length === 0
    ? []
    : outboxRows(
        caller.workspaceId,
        p.webhookTargets,
        sessionCreatedEvent({ sessionId: result.sessionId, risk: result.risk, outcome: result.decided }, now),
      );

/** The answer: the outcome only when the workspace's rules decided one. */
const answerOf = ({ risk, sessionId, checks, decided }: Evaluated): VerifyResponse =>
  decided ? { risk, sessionId, checks, outcome: decided } : { risk, sessionId, checks };

/**
 * The checks over the (merged) request and the graph's facts, the risk, and what the session
 * and its call store. A new session is one applicant in the coverage measurement.
 */
async function evaluate(
  caller: VerifyCaller,
  input: NormalizedRequest,
  evaluated: NormalizedRequest,
  graph: GraphFacts,
  velocity: VelocityFacts,
  lists: readonly WorkspaceListHit[],
  joined: boolean,
  p: Prepared,
  now: Date,
): Promise<Evaluated> {
  // The session's earlier emails were looked up on their own call: cached, so this is cheap.
  const mx = await completeMx(p.reference.mx, evaluated);
  const ran = runChecks(evaluated, { ...p.reference, mx, now, graph, velocity, lists });
  // The workspace's policy sets the level of the states it names; absence then weighs only as
  // much as the graph's coverage of the workspace's applicants says.
  const weighed = weighAbsence(applyRiskPolicy(ran, p.policy), p.coverage);
  const { risk, checks } = scoreChecks(weighed.sort(compareChecks), policyWeights(p.policy));
  // An analyst's lookup is not one of the workspace's applicants: it does not move the coverage.
  const sample = joined || caller.via === 'console' ? null : coverageSample(graph, now.getTime());
  const sessionId = input.sessionId ?? newId('ses');
  // What the rules read besides checks and risk, kept with the call so a backtest can replay it.
  const ruleFacts: StoredRuleFacts = { velocity: velocityCounts(velocity), lists: listMatches(lists) };
  const rules = rulesInForce(p.rules);
  const decided = rules ? decide(rules, { checks, risk, ...ruleFacts }) : null;
  return {
    risk,
    checks,
    sessionId,
    sample,
    ruleFacts,
    decided,
    sessionRow: {
      id: sessionId,
      workspaceId: caller.workspaceId,
      identifiersSealed: seal(p.secret, JSON.stringify({ ...evaluated, sessionId: null })),
      calls: 1,
      lastRisk: risk,
      graphAsked: sample?.asked ?? 0,
      graphKnownMonth: sample?.knownMonth ?? 0,
      graphKnownYear: sample?.knownYear ?? 0,
      createdAt: now,
      updatedAt: now,
      outcome: decided?.decision ?? null,
    },
  };
}

/** The checks, the risk and the rules' decision, in their own span (the engine knows no tracing). */
const tracedEvaluate = (...args: Parameters<typeof evaluate>): Promise<Evaluated> =>
  traced('verify.checks', {}, async (span) => {
    const result = await evaluate(...args);
    span.set({ 'verity.check_count': result.checks.length });
    return result;
  });

function callRow(
  caller: VerifyCaller,
  input: NormalizedRequest,
  evaluated: NormalizedRequest,
  result: Evaluated,
  joined: boolean,
  p: Prepared,
  requestId: string,
  now: Date,
): typeof sessionCalls.$inferInsert {
  return {
    id: newId('call'),
    sessionId: result.sessionId,
    workspaceId: caller.workspaceId,
    status: joined ? 200 : 201,
    risk: result.risk,
    inputSummary: { ...maskRequest(input) },
    // The answer goes back to its caller as it is; what is kept shows no SSN, phone or birthday.
    checks: storableChecks(result.checks, evaluated),
    requestId,
    policyVersion: p.policy.version,
    ruleFacts: result.ruleFacts,
    outcome: result.decided,
    rulesVersion: result.decided?.rulesVersion ?? null,
    createdAt: now,
  };
}

/**
 * Verify for one workspace: join or create the session, run the checks over the union of the
 * session's identifiers, and record the call, the session and the observations durably before
 * answering. A new session (the common case) reads everything first and then writes through
 * the process's group commit; a join or a trial workspace's call (a quota to count) takes the
 * locked path, whose transaction holds the session row or the quota while it reads.
 */
export async function verify(
  db: Database,
  caller: VerifyCaller,
  input: NormalizedRequest,
  requestId: string,
  now: Date = new Date(),
): Promise<VerifyOutcome> {
  // Ids and counts only: nothing of the applicant goes into a span (docs/tracing.md).
  const attributes = {
    'verity.operation': 'verify',
    'verity.workspace_id': caller.workspaceId,
    'verity.request_id': requestId,
    'verity.via': caller.via ?? 'key',
  };
  return traced('verify', attributes, async (span) => {
    const outcome = await verifyTraced(db, caller, input, requestId, now);
    span.set(
      outcome.kind === 'ok'
        ? {
            'verity.outcome': outcome.created ? 'created' : 'joined',
            'verity.check_count': outcome.body.checks.length,
            'verity.risk_band': riskBand(outcome.body.risk),
          }
        : { 'verity.outcome': outcome.kind },
    );
    return outcome;
  });
}

/** What a Verify reads before its path starts: cached mostly, outside any transaction. */
async function prepare(
  db: Database,
  caller: VerifyCaller,
  input: NormalizedRequest,
  now: Date,
): Promise<Prepared> {
  // Outside any transaction: cached reference indexes and DNS answers (see check-context.ts).
  return {
    secret: serverSecret(),
    reference: await referenceContext(db, input),
    keys: graphKeys(input),
    coverage: await workspaceCoverage(db, caller.workspaceId, now),
    policy: await getPolicy(db, caller.workspaceId),
    rules: await getRules(db, caller.workspaceId),
    // Cached per workspace: most have no endpoint, and then nothing is read or written.
    webhookTargets: caller.via === 'console' ? [] : await sessionCreatedTargets(db, caller.workspaceId),
    // Cached in-process: no round trip when the list of non-sharing workspaces is fresh.
    view: await graphView(db, caller.workspaceId),
  };
}

async function verifyTraced(
  db: Database,
  caller: VerifyCaller,
  input: NormalizedRequest,
  requestId: string,
  now: Date,
): Promise<VerifyOutcome> {
  const locked = Boolean(input.sessionId) || caller.trialQuota !== null;
  const outcome = locked
    ? await lockedVerify(db, {
        caller,
        input,
        requestId,
        p: await traced('verify.reads', {}, () => prepare(db, caller, input, now)),
        now,
      })
    : await newSessionVerify(db, { caller, input, requestId, now });
  if (outcome.kind !== 'ok' || !outcome.sample) return outcome;
  countSession(caller.workspaceId, outcome.sample);
  const { sample: _counted, ...answer } = outcome;
  return answer;
}

type Sampled = VerifyOutcome & { sample?: CoverageSample };

/** One Verify call with what was read for it, as either path takes it. */
interface VerifyCall {
  caller: VerifyCaller;
  input: NormalizedRequest;
  requestId: string;
  p: Prepared;
  now: Date;
}

const deletedOutcome = (deleted: IdentifierKey[]): Sampled => ({
  kind: 'data_deleted',
  kinds: [...new Set(deleted.map((k) => k.kind))],
});

/**
 * A new session without a quota: facts and DNS are read first; the write then only writes
 * (record-calls.ts checks the tombstones under their locks in the same transaction).
 */
async function newSessionVerify(db: Database, call: Omit<VerifyCall, 'p'>): Promise<Sampled> {
  const { caller, input, requestId, now } = call;
  // Read before this call is observed: the checks see the graph as it was before it. Tombstones
  // are checked once, by the write under their locks (a deleted identifier is rare: evaluating
  // it for nothing costs less than two round trips on every call); then nothing is stored.
  // The velocity counts are read beside the graph's facts (another pooled connection): no added wait.
  const { p, hubs, graph, velocity, lists } = await traced('verify.reads', {}, async () => {
    const p = await prepare(db, caller, input, now);
    const hubs = keyedHubs(input, p.secret);
    const [graph, velocity, lists] = await Promise.all([
      gatherFacts(db, input, now, null, p.view),
      readVelocity(db, caller.workspaceId, hubs, now),
      matchWorkspaceLists(db, p.secret, caller.workspaceId, input, now),
    ]);
    return { p, hubs, graph, velocity, lists };
  });
  const result = await tracedEvaluate(caller, input, input, graph, velocity, lists, false, p, now);
  const counted = velocityWrite(caller, result.sessionId, hubs, now);
  // Waits for this process's group commit: the batch it joins, and that batch's transaction.
  const written = await traced('verify.commit', {}, () =>
    recordCall(db, {
      workspaceId: caller.workspaceId,
      call: { type: 'verification', keys: p.keys, at: now },
      session: {
        row: result.sessionRow,
        call: callRow(caller, input, input, result, false, p, requestId, now),
      },
      ...(counted ? { velocity: counted } : {}),
      webhooks: sessionMessages(caller, result, p, now),
      lookup: caller.via === 'console',
    }),
  );
  if (written === 'deleted') return deletedOutcome(await deletedForReading(db, p.keys, caller.workspaceId));
  const { sample } = result;
  return { kind: 'ok', created: true, body: answerOf(result), ...(sample ? { sample } : {}) };
}

/**
 * A join or a counted call, in one transaction: the session row is locked, so concurrent joins
 * see each other's identifiers, and the quota is taken before anything is written.
 */
async function lockedVerify(db: Database, call: VerifyCall): Promise<Sampled> {
  const { caller, input, requestId, p, now } = call;
  const { keys } = p;
  // One transaction reads under its locks, evaluates and writes: its span is the commit's.
  return traced('verify.commit', { 'verity.locked': true }, () =>
    retryingTransaction(db, async (tx): Promise<Sampled> => {
      // First, before anything is written or counted against the quota (docs/api/operations.md, deletion).
      const deleted = await deletedIdentifiers(tx, keys, caller.workspaceId);
      if (deleted.length > 0) return deletedOutcome(deleted);
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
        previous = JSON.parse(unseal(p.secret, row.sealed)) as NormalizedRequest;
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
      const graph = await gatherFacts(tx, evaluated, now, began, p.view);
      // The session's identity (a join may bring the name) with every hub it holds; its own earlier
      // pairs are not other sessions.
      const hubs = keyedHubs(evaluated, p.secret);
      const velocity = await readVelocity(tx, caller.workspaceId, hubs, now, input.sessionId);
      const lists = await matchWorkspaceLists(tx, p.secret, caller.workspaceId, evaluated, now);
      const joined = previous !== null;
      const result = await tracedEvaluate(caller, input, evaluated, graph, velocity, lists, joined, p, now);
      if (joined) {
        await tx
          .update(sessions)
          .set({
            identifiersSealed: result.sessionRow.identifiersSealed,
            calls: sql`${sessions.calls} + 1`,
            lastRisk: result.risk,
            outcome: result.decided?.decision ?? null,
            updatedAt: now,
          })
          .where(eq(sessions.id, result.sessionId));
      } else {
        await tx.insert(sessions).values(result.sessionRow);
      }
      const messages = joined ? [] : sessionMessages(caller, result, p, now);
      await tx
        .insert(sessionCalls)
        .values(callRow(caller, input, evaluated, result, joined, p, requestId, now));
      if (messages.length > 0) await tx.insert(webhookMessages).values(messages);
      const counted = velocityWrite(caller, result.sessionId, hubs, now);
      if (counted) await writeVelocity(tx, [counted], joined);
      // The call is one sighting of each identifier; several identifiers in one call also link them,
      // and a join links the ones new to the session to its earlier identifiers (without sighting those).
      // An analyst's lookup is none of that.
      if (caller.via !== 'console')
        await observeCall(tx, caller.workspaceId, {
          type: 'verification',
          keys,
          earlier: await earlierToLink(tx, previous, keys, caller.workspaceId),
          at: now,
        });
      const { sample } = result;
      return { kind: 'ok', created: !joined, body: answerOf(result), ...(sample ? { sample } : {}) };
    }),
  );
}
