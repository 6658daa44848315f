// The request limits a client must respect. The parser owns MAX_EMAILS (re-exported here); the
// body sizes are defined here and read by the transport.

export { MAX_EMAILS } from '@/lib/engine/request';

/** Largest JSON body of the API (decisions.md: 413 beyond 256 KiB). */
export const MAX_BODY_BYTES = 256 * 1024;
/** Feeds carry up to 10,000 items per request, which does not fit the API's 256 KiB. */
export const MAX_INGEST_BODY_BYTES = 32 * 1024 * 1024;
