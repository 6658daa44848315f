// The request limits a client must respect, defined here and read by the transport.

/**
 * Distinct addresses per request, email and emails together. The parser (lib/engine/request.ts)
 * states the same number next to its node:crypto hashing; a unit test keeps the two equal.
 */
export const MAX_EMAILS = 20;

/** Largest JSON body of the API (docs/api/limits.md: 413 beyond 256 KiB). */
export const MAX_BODY_BYTES = 256 * 1024;
/** Feeds carry up to 10,000 items per request, which does not fit the API's 256 KiB. */
export const MAX_INGEST_BODY_BYTES = 32 * 1024 * 1024;
