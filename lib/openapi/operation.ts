// An operation of the registry (lib/api/operations) as the OpenAPI document shows it.
import type { ApiOperation } from '@/lib/api/operation';
import type { ProblemCode } from '@/lib/contract/problem-codes';
import { problemResponses, requestIdParameter } from './responses';
import type { Operation } from './types';

export const SECURITY_SCHEME = 'apiKey';

/** What can go wrong on every keyed operation: the key, its rate limit and the server. */
const KEY_ERRORS: ProblemCode[] = ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED'];
const SERVER_ERRORS: ProblemCode[] = ['INTERNAL', 'UNAVAILABLE', 'STORAGE_FULL'];

export function openApiOperation(operation: ApiOperation): Operation {
  const { parameters = [], requestBody, responses } = operation.docs();
  const head = { operationId: operation.id, summary: operation.summary, tags: [operation.tag] };
  if (operation.scope === null) {
    return { ...head, description: operation.description, security: [], responses };
  }
  const { scope, bucket } = operation;
  return {
    ...head,
    description:
      `${operation.description}\n\nNeeds a key with scope \`${scope}\`. Rate limit bucket: \`${bucket}\` ` +
      '(per key).',
    ...(requestBody ? { requestBody } : {}),
    responses: {
      ...responses,
      ...problemResponses([...KEY_ERRORS, ...operation.problems, ...SERVER_ERRORS]),
    },
    security: [{ [SECURITY_SCHEME]: [scope] }],
    'x-scope': scope,
    parameters: [...parameters, requestIdParameter],
  };
}
