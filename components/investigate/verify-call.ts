import { consoleRequest } from '@/components/data/console-fetch';
import type { VerifyResponse } from '@/lib/contract/console/verify';
import type { RequestBody } from './request-body';

export interface VerifyAnswer {
  /** 201 created a session, 200 joined the one named in the request. */
  status: number;
  result: VerifyResponse;
}

/**
 * POST /api/console/verify, keeping the status: 200 (joined a session) and 201 (created one) are
 * both success and the page tells them apart.
 */
export async function postVerify(body: RequestBody): Promise<VerifyAnswer> {
  const answer = await consoleRequest<VerifyResponse>('/api/console/verify', { body });
  return { status: answer.status, result: answer.body };
}
