// The request limits a client must respect, defined here and read by the transport.

/** Distinct addresses per request, email and emails together (the parser reads it from here). */
export const MAX_EMAILS = 20;
/** Phone entries per request. */
export const MAX_PHONES = 20;
/** Profile entries per request. */
export const MAX_PROFILES = 20;

/**
 * Raw entries of an identifier array (emails, phones, profiles, ssns), duplicates and blanks
 * included: checked before any entry is parsed, so a body of repeated values costs nothing.
 */
export const MAX_RAW_ENTRIES = 100;
/** Raw entries of a Signals country filter (there are 249 alpha-2 codes). */
export const MAX_COUNTRIES = 250;

/** Largest JSON body of the API (docs/api/limits.md: 413 beyond 256 KiB). */
export const MAX_BODY_BYTES = 256 * 1024;
/** Auth.js's sign-in and sign-out forms are a few hundred bytes. */
export const MAX_AUTH_BODY_BYTES = 16 * 1024;
/** Feeds carry up to 10,000 items per request, which does not fit the API's 256 KiB. */
export const MAX_INGEST_BODY_BYTES = 32 * 1024 * 1024;

/** Largest follower or following count of a fed profile record (the largest 32-bit integer). */
export const MAX_COUNT = 2_147_483_647;
