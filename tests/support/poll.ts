const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads until `done` holds or `maxMs` has passed, and returns the last value and how long it
 * took: the test then asserts both (a bound it documents, rather than a fixed sleep).
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  maxMs: number,
  everyMs = 10,
): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > maxMs) return { value, ms: Date.now() - started };
    await sleep(everyMs);
  }
}

/** Waits until `condition` holds; throws when it does not within `maxMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  maxMs: number,
  everyMs = 20,
): Promise<void> {
  const { value } = await pollUntil(async () => condition(), Boolean, maxMs, everyMs);
  if (!value) throw new Error(`not within ${maxMs} ms`);
}
