/**
 * Which Node.js releases the project supports, and until when: the Node.js release schedule
 * (github.com/nodejs/Release). Pure: the caller passes the version and today's date.
 */

/** End of life of each major release line the project may meet (the schedule's "End-of-life"). */
const END_OF_LIFE: Readonly<Record<number, string>> = {
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

/** The LTS lines the project is tested on (docs/setup.md, Supported runtimes; `.ci/run`). */
export const SUPPORTED_MAJORS: readonly number[] = [22, 24];

export interface NodeSupport {
  major: number;
  /** The release line's end of life, when the schedule above knows it. */
  endOfLife: string | null;
  status: 'supported' | 'end-of-life' | 'untested';
  /** One line for a person: the version and, unless supported, what to do. */
  line: string;
}

/** `version` as `process.version` gives it (`v24.11.0`, or without the `v`). */
export function nodeSupport(version: string, today: Date): NodeSupport {
  const clean = version.replace(/^v/, '');
  const major = Number.parseInt(clean, 10);
  const endOfLife = END_OF_LIFE[major] ?? null;
  const day = today.toISOString().slice(0, 10);
  if (endOfLife !== null && endOfLife <= day) {
    return {
      major,
      endOfLife,
      status: 'end-of-life',
      line: `warning: Node.js ${clean} reached its end of life on ${endOfLife} and gets no security fixes; use Node.js 24 or 22 LTS`,
    };
  }
  if (SUPPORTED_MAJORS.includes(major)) {
    return {
      major,
      endOfLife,
      status: 'supported',
      line: `Node.js ${clean} (supported LTS until ${endOfLife})`,
    };
  }
  return {
    major,
    endOfLife,
    status: 'untested',
    line: `note: Node.js ${clean} is not a release the project is tested on (Node.js 24 and 22 LTS are)`,
  };
}
