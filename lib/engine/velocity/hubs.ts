// Which hubs a request names and who the applicant is to each of them. An identity is the
// applicant's name (given and family, as name-forms.ts compares names) when given, else the email,
// else the SSN; never the hub itself (the email hub takes the name, else the SSN), so that eight
// fresh names on one phone are eight identities and one person sending twice stays one.

import { identifierKeys } from '../graph/identifier-keys';
import { nameForms } from '../graph/name-forms';
import type { NormalizedRequest } from '../types';
import type { VelocityHubKind } from './facts';

export interface VelocityHub {
  kind: VelocityHubKind;
  /** The graph key value: E.164, IP text, the address key, the keyed SSN hash, the email key. */
  value: string;
  /** The applicant as this hub sees them, tagged by kind; null when the request names nobody. */
  identity: string | null;
}

/**
 * The request's current hubs (a joined session's earlier singular values are not re-counted),
 * in request order. `ssnHash` is the server's keyed hash, as for the graph's keys.
 */
export function velocityHubs(input: NormalizedRequest, ssnHash: (digits: string) => string): VelocityHub[] {
  const keys = identifierKeys({ ...input, sessionValues: undefined }, ssnHash);
  const [nameForm] = nameForms(input.name);
  const email = keys.find((key) => key.kind === 'email');
  const ssn = keys.find((key) => key.kind === 'ssn');
  const candidates = {
    name: nameForm === undefined ? null : `name:${nameForm}`,
    email: email ? `email:${email.value}` : null,
    ssn: ssn ? `ssn:${ssn.value}` : null,
  };
  const identityFor = (kind: VelocityHubKind): string | null =>
    candidates.name ??
    (kind === 'email'
      ? candidates.ssn
      : kind === 'ssn'
        ? candidates.email
        : (candidates.email ?? candidates.ssn));
  const hubs: VelocityHub[] = [];
  for (const key of keys) {
    if (
      key.kind === 'phone' ||
      key.kind === 'ip' ||
      key.kind === 'address' ||
      key.kind === 'ssn' ||
      key.kind === 'email'
    ) {
      hubs.push({ kind: key.kind, value: key.value, identity: identityFor(key.kind) });
    }
  }
  return hubs;
}
