import { db } from '@/lib/db/client';
import { parseVerifyRequest } from '@/lib/engine/request';
import { verifyResponse } from '@/lib/http/verify-response';
import {
  verifyHashedExample,
  verifyJoinExample,
  verifyRequestExample,
  verifyResponseExample,
} from '@/lib/openapi/examples/verify';
import { jsonBody, jsonResponse } from '@/lib/openapi/operation-parts';
import { verify } from '@/lib/services/verify';
import { keyedOperation } from '../operation';
import { BODY_ERRORS, INPUT_RULES } from './problem-sets';

export const verifyOperation = keyedOperation({
  id: 'verify',
  method: 'POST',
  path: '/api/verify',
  scope: 'verify',
  bucket: 'verify',
  // The console's Verify counts against the workspace's trial quota, as its keys do.
  console: { path: '/api/console/verify', endpoint: 'console.verify' },
  summary: 'Verify an identity',
  tag: 'Verify',
  description:
    'Runs every check package (Breached, Digital, Email, Identity, IP Address, Location, Phone, ' +
    'Synthetic Identity) over the identifiers and returns one overall risk score, a session id and ' +
    'every check that ran, most risky first. Inputs are deduplicated and fanned out to the relevant ' +
    'checks; the more identifiers that belong together are sent in one request, the richer the ' +
    'coverage. Country filters do not apply: every identifier is evaluated globally.\n\n' +
    'Without sessionId a session is created (201). With the sessionId of a session of your ' +
    'workspace the call joins it (200) and is evaluated over every identifier the session has ' +
    'received so far. Intended for payments screening, pre-KYC synthetic identity screening, ' +
    'account opening, loan origination and digital onboarding.',
  problems: [...BODY_ERRORS, ...INPUT_RULES, 'UNKNOWN_SESSION', 'DATA_DELETED', 'QUOTA_EXCEEDED'],
  parse: parseVerifyRequest,
  run: async (input, { caller, requestId }) => verifyResponse(await verify(db(), caller, input, requestId)),
  docs: () => {
    const example = verifyResponseExample();
    return {
      requestBody: jsonBody(
        'VerifyRequest',
        'MultiFieldReq plus an optional sessionId. At least one core identifier is required.',
        {
          applicant: {
            summary: 'A new applicant, every identifier in one call',
            value: verifyRequestExample,
          },
          joinSession: {
            summary: 'Join an existing session with one more identifier',
            value: verifyJoinExample,
          },
          hashed: {
            summary: 'A SHA-256 hashed email and a phone number not in E.164 form',
            value: verifyHashedExample,
          },
        },
      ),
      responses: {
        '200': jsonResponse(
          'VerifyResponse',
          'The sessionId named a session of your workspace: it was joined.',
          {
            joined: { summary: 'Checks over the session so far', value: example },
          },
        ),
        '201': jsonResponse(
          'VerifyResponse',
          'A new session was created (the normal answer to a new request).',
          {
            applicant: { summary: 'The answer to the applicant example', value: example },
          },
        ),
      },
    };
  },
});
