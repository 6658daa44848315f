'use client';

import { z } from 'zod';

// In the browser zod must not compile validators with `new Function`: the Content-Security-Policy
// forbids eval, and zod's probe for it (on the first object parse) is itself reported as a
// violation. Set when this module loads, which the root layout makes happen before any page parses.
z.config({ jitless: true });

/** Renders nothing; rendering it in the root layout is what loads the setting in the browser. */
export function ZodJitless() {
  return null;
}
