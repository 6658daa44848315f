import type { ProblemCode } from '@/lib/contract/problem-codes';
import { TITLES } from '@/lib/contract/problem-codes';
import type { FieldError } from '@/lib/engine/types';

export { type ProblemCode, TITLES } from '@/lib/contract/problem-codes';

export interface ProblemInit {
  status: number;
  code: ProblemCode;
  detail: string;
  requestId: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
}

/** RFC 9457 problem details, the one error shape of the API (docs/api/errors.md). */
export function problem(init: ProblemInit): Response {
  return new Response(JSON.stringify(problemBody(init)), {
    status: init.status,
    headers: { 'Content-Type': 'application/problem+json', ...init.headers },
  });
}

/** The body of a problem answer (the request log keeps it too, lib/engine/stored-problem.ts). */
export function problemBody({ status, code, detail, requestId, errors }: ProblemInit) {
  return {
    type: `/docs/errors#${code.toLowerCase().replaceAll('_', '-')}`,
    title: TITLES[code],
    status,
    detail,
    code,
    requestId,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

/** Thrown by the request pipeline to answer with a problem; anything else becomes INTERNAL. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: ProblemCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}
