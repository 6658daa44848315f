// One row through POST /api/console/verify (the session's workspace), reduced to what the
// results table and CSV need. Failures say why in words a person can act on.
import { createVerityClient, rerouted, type VeritySchema } from '@verity/client';
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

/** Verify's typed call, sent to the console's twin: the session cookie authenticates, no key. */
const CONSOLE_ROUTES = rerouted({ '/api/verify': '/api/console/verify' });

export async function verifyRow(
  body: VeritySchema<'VerifyRequest'>,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
  /** Where the console is served; '' is the page's own origin. */
  baseUrl = '',
): Promise<RowOutcome> {
  // The status of an answer, kept apart from the body: an answer that is not JSON is no network error.
  let answered: number | null = null;
  const client = createVerityClient({
    baseUrl,
    credentials: 'same-origin',
    fetch: async (request) => {
      const response = await fetchImpl(request);
      answered = response.status;
      return response;
    },
  });
  client.use(CONSOLE_ROUTES);
  const sent = await client.POST('/api/verify', { body, signal }).then(
    (answer) => ({ answer, failure: null }),
    (failure: unknown) => ({ answer: null, failure }),
  );
  if (signal.aborted) return { kind: 'cancelled' };
  if (sent.answer === null) {
    if (answered !== null) {
      return {
        kind: 'failed',
        message: `The server answered ${answered} with an unexpected body.`,
        fatal: false,
      };
    }
    const reason = sent.failure instanceof Error ? sent.failure.message : String(sent.failure);
    return {
      kind: 'failed',
      message: `Network error: the server could not be reached (${reason}).`,
      fatal: false,
    };
  }
  const { data, error, response } = sent.answer;
  if (response.ok) {
    const summary = summarizeVerify(data);
    return summary
      ? { kind: 'done', result: summary }
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
  return { kind: 'failed', message: problemText(response.status, error), fatal };
}
