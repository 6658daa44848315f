import { z } from 'zod';
import { VALIDATION_CHUNK } from '@/components/batch/types';
import { validateRowBodies } from '@/components/batch/validate-rows';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const validateRequestSchema = z.strictObject({
  rows: z
    .array(z.unknown(), { error: 'must be an array of Verify request bodies' })
    .min(1, { error: 'send at least one row' })
    .max(VALIDATION_CHUNK, { error: `at most ${VALIDATION_CHUNK} rows per call` }),
});

// The batch preview's check: each row's body through the Verify parser, nothing stored. A route
// rather than a server action: actions run one at a time per page and die with any navigation or
// refresh the router starts, which aborted previews now and then.
const postHandler = consoleRoute({ endpoint: 'console.batch.validate' }, async ({ json }) => {
  const parsed = parseWith(validateRequestSchema, await json());
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  return Response.json({ issues: validateRowBodies(parsed.value.rows) });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ POST: postHandler });
