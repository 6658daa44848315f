import { MAX_BODY_BYTES, MAX_INGEST_BODY_BYTES } from '@/lib/contract/limits';
import { ProblemError } from './problem';

export { MAX_BODY_BYTES, MAX_INGEST_BODY_BYTES };

type BodyFormat = 'json' | 'ndjson';

function formatOf(value: string | null, accepted: readonly BodyFormat[]): BodyFormat | null {
  if (!value) return null;
  const [type, ...params] = value.split(';').map((part) => part.trim().toLowerCase());
  // JSON is UTF-8 (RFC 8259); a declared other charset is a different body.
  if (!params.every((p) => !p.startsWith('charset=') || p === 'charset=utf-8')) return null;
  if (type === 'application/json' && accepted.includes('json')) return 'json';
  if ((type === 'application/x-ndjson' || type === 'application/ndjson') && accepted.includes('ndjson'))
    return 'ndjson';
  return null;
}

/** Reads a body of an accepted type under the size limit, never buffering more than the limit. */
export async function readBodyText(
  request: Request,
  options: { maxBytes: number; formats: readonly BodyFormat[] },
): Promise<{ text: string; format: BodyFormat }> {
  const format = formatOf(request.headers.get('content-type'), options.formats);
  if (!format) {
    const names = options.formats.map((f) => (f === 'json' ? 'application/json' : 'application/x-ndjson'));
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
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'parse error';
    throw new ProblemError(400, 'MALFORMED_JSON', `The request body is not valid JSON: ${reason}.`);
  }
}

function tooLarge(maxBytes: number): ProblemError {
  const size = maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MiB` : `${maxBytes / 1024} KiB`;
  return new ProblemError(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${maxBytes} bytes (${size}).`);
}

async function readLimited(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ProblemError(400, 'MALFORMED_JSON', 'The request body is not valid UTF-8.');
  }
}
