// One row through POST /api/console/verify (the session's workspace), reduced to what the
// results table and CSV need. Failures say why in words a person can act on.
import { riskBand } from '@/lib/engine/risk';
import type { CheckBrief, RowResult } from './types';

export type RowOutcome =
  | { kind: 'done'; result: RowResult }
  /** fatal: every further row would fail the same way (session ended, quota used up). */
  | { kind: 'failed'; message: string; fatal: boolean }
  | { kind: 'cancelled' };

type JsonRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function brief(check: JsonRecord): CheckBrief {
  return { id: String(check.id), name: String(check.name ?? check.id), state: String(check.state) };
}

/** The parts of a Verify answer the batch keeps; null when the body is not one. */
export function summarizeVerify(body: unknown): RowResult | null {
  if (!isRecord(body) || typeof body.risk !== 'number' || typeof body.sessionId !== 'string') return null;
  const checks = Array.isArray(body.checks) ? body.checks.filter(isRecord) : [];
  return {
    risk: body.risk,
    band: riskBand(body.risk),
    sessionId: body.sessionId,
    high: checks.filter((check) => check.risk === 'HIGH').map(brief),
    med: checks.filter((check) => check.risk === 'MED').map(brief),
  };
}

/** A problem+json body in one line: its detail and each field error. */
export function problemText(status: number, body: unknown): string {
  if (!isRecord(body)) return `The server answered ${status} without a problem description.`;
  const detail = typeof body.detail === 'string' ? body.detail : `The server answered ${status}.`;
  const errors = Array.isArray(body.errors)
    ? body.errors.filter(isRecord).map((error) => String(error.message ?? error.path))
    : [];
  // A single error is usually the detail itself.
  const extra = errors.filter((message) => message !== detail);
  const requestId = typeof body.requestId === 'string' ? ` (request ${body.requestId})` : '';
  return [detail, ...extra].join('; ') + requestId;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

export async function verifyRow(
  body: unknown,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<RowOutcome> {
  let response: Response;
  try {
    response = await fetchImpl('/api/console/verify', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal.aborted) return { kind: 'cancelled' };
    const reason = error instanceof Error ? error.message : String(error);
    return {
      kind: 'failed',
      message: `Network error: the server could not be reached (${reason}).`,
      fatal: false,
    };
  }
  const json = await readJson(response);
  if (signal.aborted) return { kind: 'cancelled' };
  if (response.ok) {
    const result = summarizeVerify(json);
    return result
      ? { kind: 'done', result }
      : {
          kind: 'failed',
          message: `The server answered ${response.status} with an unexpected body.`,
          fatal: false,
        };
  }
  if (response.status === 401) {
    return {
      kind: 'failed',
      message: 'Your console session ended. Sign in again (in another tab keeps this page), then resume.',
      fatal: true,
    };
  }
  // A missing role or a used-up trial quota refuses every further row too.
  const fatal = response.status === 403 || response.status === 429;
  return { kind: 'failed', message: problemText(response.status, json), fatal };
}
