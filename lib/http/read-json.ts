import { unstorableMessage, unstorableStrings } from '@/lib/contract/fields/storable';
import { MAX_BODY_BYTES, MAX_INGEST_BODY_BYTES } from '@/lib/contract/limits';
import { ProblemError } from './problem';

export { MAX_BODY_BYTES, MAX_INGEST_BODY_BYTES };

type BodyFormat = 'json' | 'ndjson' | 'csv';

const MEDIA_TYPE: Record<BodyFormat, string> = {
  json: 'application/json',
  ndjson: 'application/x-ndjson',
  csv: 'text/csv',
};

function formatOf<Format extends BodyFormat>(
  value: string | null,
  accepted: readonly Format[],
): Format | null {
  if (!value) return null;
  const [type, ...params] = value.split(';').map((part) => part.trim().toLowerCase());
  // JSON is UTF-8 (RFC 8259); a declared other charset is a different body.
  if (!params.every((p) => !p.startsWith('charset=') || p === 'charset=utf-8')) return null;
  const named: BodyFormat | null =
    type === 'application/json'
      ? 'json'
      : type === 'application/x-ndjson' || type === 'application/ndjson'
        ? 'ndjson'
        : type === 'text/csv'
          ? 'csv'
          : null;
  return accepted.find((format) => format === named) ?? null;
}

/** Reads a body of an accepted type under the size limit, never buffering more than the limit. */
export async function readBodyText<Format extends BodyFormat>(
  request: Request,
  options: { maxBytes: number; formats: readonly Format[] },
): Promise<{ text: string; format: Format }> {
  const format = formatOf(request.headers.get('content-type'), options.formats);
  if (!format) {
    const names = options.formats.map((f) => MEDIA_TYPE[f]);
    throw new ProblemError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the body as ${names.join(' or ')} (UTF-8).`);
  }
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) throw tooLarge(options.maxBytes);
  return { text: await readLimited(request, options.maxBytes), format };
}

/** Reads a JSON body under the API's 256 KiB limit (415/413/400 as problems). */
export async function readJsonBody(request: Request): Promise<unknown> {
  const { text } = await readBodyText(request, { maxBytes: MAX_BODY_BYTES, formats: ['json'] });
  if (text.trim() === '') throw new ProblemError(400, 'MALFORMED_JSON', 'The request body is empty.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'parse error';
    throw new ProblemError(400, 'MALFORMED_JSON', `The request body is not valid JSON: ${reason}.`);
  }
  refuseUnstorable(body);
  return body;
}

/** A NUL or a lone surrogate anywhere in the body is a 400 naming where, before any parser runs. */
function refuseUnstorable(body: unknown): void {
  const found = unstorableStrings(body);
  if (found.length === 0) return;
  const errors = found.map((at) => ({
    path: at.path,
    message: unstorableMessage(at),
    code: 'INVALID_INPUT' as const,
  }));
  const detail =
    errors.length === 1 && errors[0]
      ? errors[0].message
      : `${errors.length} fields hold a NUL character or a lone UTF-16 surrogate; see errors[].`;
  throw new ProblemError(400, 'INVALID_INPUT', detail, errors);
}

/** A body of any type read whole under `maxBytes` (413 past it), e.g. Auth.js's forms. */
export async function readTextWithin(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  // Decoded leniently, as Request.text() does: the form parser reports what it cannot read.
  return new TextDecoder('utf-8').decode(await readLimitedBytes(request, maxBytes));
}

function tooLarge(maxBytes: number, headers?: Record<string, string>): ProblemError {
  const size = maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MiB` : `${maxBytes / 1024} KiB`;
  const detail = `The request body exceeds ${maxBytes} bytes (${size}).`;
  return new ProblemError(413, 'PAYLOAD_TOO_LARGE', detail, undefined, headers);
}

async function readLimited(request: Request, maxBytes: number): Promise<string> {
  const bytes = await readLimitedBytes(request, maxBytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ProblemError(400, 'MALFORMED_JSON', 'The request body is not valid UTF-8.');
  }
}

/**
 * How much more of an oversized streamed body (chunked, no Content-Length) is read and dropped
 * after the 413 is decided: a body that ends within it leaves its keep-alive connection ready for
 * the next request. Past it the connection is closed, as a body cut off unread would leave the
 * connection's next request unparsed (it hung until the client gave up).
 */
export const DRAIN_BYTES = 4 * 1024 * 1024;

async function readLimitedBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) throw await drainOversized(reader, maxBytes);
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The 413 for a streamed body past the limit, after draining it (or with Connection: close). */
async function drainOversized(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): Promise<ProblemError> {
  let drained = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return tooLarge(maxBytes);
      drained += value.byteLength;
      if (drained > DRAIN_BYTES) break;
    }
  } catch {
    // The client went away mid-body: there is no connection left to keep.
  }
  await reader.cancel().catch(() => undefined);
  return tooLarge(maxBytes, { Connection: 'close' });
}
