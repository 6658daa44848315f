import { ProblemError } from './problem';

export const MAX_BODY_BYTES = 256 * 1024;

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const [type, ...params] = value.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  // JSON is UTF-8 (RFC 8259); a declared other charset is a different body.
  return params.every((p) => !p.startsWith('charset=') || p === 'charset=utf-8');
}

/** Reads a JSON body under the size limit without buffering more than the limit. */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new ProblemError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json (UTF-8).');
  }
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    throw tooLarge();
  }
  const text = await readLimited(request);
  if (text.trim() === '') throw new ProblemError(400, 'MALFORMED_JSON', 'The request body is empty.');
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'parse error';
    throw new ProblemError(400, 'MALFORMED_JSON', `The request body is not valid JSON: ${reason}.`);
  }
}

function tooLarge(): ProblemError {
  return new ProblemError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The request body exceeds ${MAX_BODY_BYTES} bytes (256 KiB).`,
  );
}

async function readLimited(request: Request): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ProblemError(400, 'MALFORMED_JSON', 'The request body is not valid UTF-8.');
  }
}
