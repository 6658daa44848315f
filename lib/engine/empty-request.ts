import type { NormalizedRequest } from './types';

/** A request with no identifiers, to build one from parts (one email, one phone...). */
export function emptyRequest(overrides: Partial<NormalizedRequest> = {}): NormalizedRequest {
  return {
    emails: [],
    phones: [],
    profiles: [],
    ssn: null,
    name: null,
    location: null,
    ipAddress: null,
    birthday: null,
    organization: null,
    title: null,
    sessionId: null,
    ...overrides,
  };
}
