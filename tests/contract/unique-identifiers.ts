// Identifiers no other test sends: the graph and the velocity counts are shared by every
// workspace of the test server, so each test makes its own.

const digitString = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');

/** A valid US number that can originate: never an N11 exchange nor the fictional 555. */
export function uniquePhone(): string {
  for (;;) {
    const exchange = 200 + Math.floor(Math.random() * 800);
    if (exchange % 100 !== 11 && exchange !== 555) return `+1415${exchange}${digitString(4)}`;
  }
}

/** A full SSN of a well-formed structure (area 100-665, non-zero group and serial). */
export const uniqueSsn = (): string =>
  `${100 + Math.floor(Math.random() * 566)}-${String(1 + Math.floor(Math.random() * 99)).padStart(2, '0')}-${String(1 + Math.floor(Math.random() * 9999)).padStart(4, '0')}`;
