// The Synthetic Identity package. SYNTHETIC_EMAIL_MISMATCH (the email against the name)
// and SYNTHETIC_SSN_INVALID (ssn-structure.ts) read the input alone; the others compare the
// request with the identity graph.
import type { GraphFacts } from '../graph/facts';
import type { Check, CheckContext, EmailInput, NormalizedRequest } from '../types';
import { CHECK_CATALOG } from './catalog';
import { isPrivacyRelayDomain } from './email-domain';
import { decide, describeFindings, type Finding } from './findings';
import { hasAddress, hasName } from './input-presence';
import { awaitingCheck, makeCheck } from './make-check';
import { matchName, type NameParts, nameParts } from './name-match';
import { isMalformedEmail, MALFORMED_EMAIL } from './not-judged';
import { sessionConflict } from './session-conflict';
import { ssnIssuanceChecks } from './ssn-issuance';
import { ssnStructure } from './ssn-structure';
import { ageMismatch, nameAddressMatch, ssnShared } from './synthetic-graph';
import { velocityChecks } from './velocity';

type EmailMatchState = keyof typeof CHECK_CATALOG.SYNTHETIC_EMAIL_MISMATCH.states;

const riskOf = (state: EmailMatchState) => CHECK_CATALOG.SYNTHETIC_EMAIL_MISMATCH.states[state].risk;

const MATCH_TEXT = {
  given: 'The local part contains the given name',
  family: 'The local part contains the family name',
  initials: "The local part is the person's initials",
} as const;

function emailFinding(email: EmailInput, name: NameParts): Finding<EmailMatchState> {
  if (isMalformedEmail(email)) return { state: 'UNKNOWN', risk: riskOf('UNKNOWN'), detail: MALFORMED_EMAIL };
  if (email.localPart === null) {
    const detail =
      email.form === 'cleartext' ? 'No local part could be read' : 'A digest hides the local part';
    return { state: 'UNKNOWN', risk: riskOf('UNKNOWN'), detail };
  }
  // The +tag of sub-addressing is chosen per shop, not per person.
  const match = matchName(email.localPart.split('+')[0] ?? '', name);
  if (match !== null) return { state: 'MATCHED', risk: riskOf('MATCHED'), detail: MATCH_TEXT[match] };
  // A relay makes up the local part per site (Hide My Email, Firefox Relay...): no name is expected.
  if (email.domain !== null && isPrivacyRelayDomain(email.domain)) {
    return {
      state: 'UNKNOWN',
      risk: riskOf('UNKNOWN'),
      detail:
        `The address is an alias of the privacy relay ${email.domain}, whose local part the ` +
        'service makes up, so it says nothing about the name',
    };
  }
  return {
    state: 'MISMATCH',
    risk: riskOf('MISMATCH'),
    detail: 'The local part reflects neither the given nor the family name',
  };
}

function emailMismatch(input: NormalizedRequest): Check {
  const name = nameParts(input.name);
  const readable = input.emails.some((email) => email.localPart !== null);
  if (name === null || !readable) {
    const missing =
      name === null
        ? 'No name of two letters or more was provided'
        : input.emails.length === 0
          ? 'No email was provided'
          : 'No cleartext email was provided (a digest hides the local part)';
    return makeCheck(
      'SYNTHETIC_EMAIL_MISMATCH',
      'UNKNOWN',
      `${missing}, so the email cannot be compared with the name.`,
    );
  }
  const findings = input.emails.map((email) => emailFinding(email, name));
  const decisive = decide(findings);
  const description = describeFindings(
    'email',
    findings.map((finding) => finding.detail),
  );
  return makeCheck('SYNTHETIC_EMAIL_MISMATCH', decisive?.state ?? 'UNKNOWN', description, decisive?.risk);
}

function nameAddress(input: NormalizedRequest, graph: GraphFacts | null): Check {
  const named = hasName(input);
  const addressed = hasAddress(input.location);
  if (named && addressed) {
    return graph === null
      ? awaitingCheck('SYNTHETIC_NAME_ADDRESS_NO_MATCH', "the identity graph's residents of this address")
      : nameAddressMatch(graph.address);
  }
  const missing = !named && !addressed ? 'No name and no address' : named ? 'No address' : 'No name';
  return makeCheck('SYNTHETIC_NAME_ADDRESS_NO_MATCH', 'NONE', `${missing} was provided.`);
}

function age(input: NormalizedRequest, graph: GraphFacts | null): Check {
  if (input.birthday === null) {
    return makeCheck('SYNTHETIC_AGE_MISMATCH', 'UNKNOWN', 'No age or birthday was provided.');
  }
  return graph === null
    ? awaitingCheck(
        'SYNTHETIC_AGE_MISMATCH',
        "the identity graph's history of this identity to compare the birthday with",
      )
    : ageMismatch(input.birthday, graph.person);
}

function ssn(input: NormalizedRequest, graph: GraphFacts | null): Check {
  if (input.ssn === null) return makeCheck('SYNTHETIC_SSN_SHARED', 'NONE', 'No SSN was provided.');
  if (input.ssn.kind === 'last4') {
    return makeCheck(
      'SYNTHETIC_SSN_SHARED',
      'UNKNOWN',
      'Only the last four digits of the SSN were provided; they are shared by too many people to look up.',
    );
  }
  if (graph === null) return awaitingCheck('SYNTHETIC_SSN_SHARED', "the identity graph's links of this SSN");
  return ssnShared(graph.ssn ?? { names: 0, inputNameLinked: false, persons: 0 }, hasName(input));
}

export function syntheticIdentityChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
  return [
    age(input, ctx.graph),
    emailMismatch(input),
    nameAddress(input, ctx.graph),
    ssnStructure(input.ssn),
    ssn(input, ctx.graph),
    ...ssnIssuanceChecks(input, ctx.ssa),
    sessionConflict(input),
    ...velocityChecks(input, ctx),
  ];
}
