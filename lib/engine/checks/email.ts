// The Email package. EMAIL_INVALID, EMAIL_TYPE and EMAIL_USER_PORTION read the input alone;
// the sightings come from the identity graph; deliverability and MX from the DNS answers.
import { deliverabilityFinding, noMxFinding } from '../dns/mx-findings';
import type { MxAnswer } from '../dns/types';
import type { GraphFacts } from '../graph/facts';
import type { Check, CheckContext, EmailInput, NormalizedRequest } from '../types';
import { CHECK_CATALOG } from './catalog';
import { classifyEmailDomain, isPrivacyRelayDomain } from './email-domain';
import { classifyLocalPart, classifyRelayLocalPart } from './email-user-portion';
import { findingsCheck } from './finding-check';
import type { Finding } from './findings';
import { awaitingCheck, makeCheck, stateRisk } from './make-check';
import { nameParts } from './name-match';
import { isMalformedEmail, MALFORMED_EMAIL } from './not-judged';
import { firstSeenFinding, lastSeenFinding, neverSeenFinding } from './seen';

const NO_EMAIL = 'No email was provided.';

const DOMAIN_TYPE_TEXT = {
  PRIVACY_RELAY:
    'is a privacy relay service: the address forwards to a mailbox the service keeps hidden by design',
  DISPOSABLE: 'is a disposable (throwaway) mailbox provider',
  GOVERNMENT: 'is a government or military domain',
  EDUCATION: 'is an academic domain',
  FREE: 'is a free mailbox provider',
  BUSINESS: 'is a business domain (neither disposable, free, academic nor government)',
} as const;

type InvalidState = keyof typeof CHECK_CATALOG.EMAIL_INVALID.states;
type EmailTypeState = keyof typeof CHECK_CATALOG.EMAIL_TYPE.states;
type UserPortionState = keyof typeof CHECK_CATALOG.EMAIL_USER_PORTION.states;
type NoMxState = keyof typeof CHECK_CATALOG.EMAIL_NO_MX_RECORD.states;
type DeliverabilityState = keyof typeof CHECK_CATALOG.EMAIL_DELIVERABILITY.states;

// Digests (UNKNOWN) and malformed addresses (NONE) speak only when no address can be classified.
const QUIET = ['UNKNOWN', 'NONE'];

const DIGEST_NAME = { md5: 'An MD5', sha1: 'A SHA-1', sha256: 'A SHA-256' } as const;

function digestNote(email: EmailInput, what: string): string {
  const digest = email.form === 'cleartext' ? 'A' : DIGEST_NAME[email.form];
  return `${digest} digest hides the ${what}`;
}

/** FALSE only for a cleartext whose syntax was checked: a digest alone says nothing (NONE). */
function emailInvalid(emails: readonly EmailInput[]): Check {
  const findings = emails.map((email): Finding<InvalidState> => {
    if (email.form !== 'cleartext') {
      return {
        state: 'NONE',
        risk: 'NONE',
        detail: `${digestNote(email, 'address')}, so its syntax cannot be checked`,
      };
    }
    return email.valid
      ? { state: 'FALSE', risk: 'NONE', detail: 'A well-formed address' }
      : {
          state: 'TRUE',
          risk: CHECK_CATALOG.EMAIL_INVALID.states.TRUE.risk,
          detail: 'Not a well-formed email address',
        };
  });
  return findingsCheck('EMAIL_INVALID', 'email', findings, 'NONE', ['NONE']);
}

function emailType(emails: readonly EmailInput[]): Check {
  const findings = emails.map((email): Finding<EmailTypeState> => {
    if (isMalformedEmail(email)) return { state: 'NONE', risk: 'NONE', detail: MALFORMED_EMAIL };
    if (email.domain === null) {
      const detail = email.form === 'cleartext' ? 'No domain could be read' : digestNote(email, 'domain');
      return { state: 'UNKNOWN', risk: 'NONE', detail };
    }
    const state = classifyEmailDomain(email.domain);
    const detail = `The domain ${email.domain} ${DOMAIN_TYPE_TEXT[state]}`;
    return { state, risk: CHECK_CATALOG.EMAIL_TYPE.states[state].risk, detail };
  });
  return findingsCheck('EMAIL_TYPE', 'email', findings, 'UNKNOWN', QUIET);
}

function userPortion(input: NormalizedRequest): Check {
  const name = nameParts(input.name);
  const findings = input.emails.map((email): Finding<UserPortionState> => {
    if (isMalformedEmail(email)) return { state: 'NONE', risk: 'NONE', detail: MALFORMED_EMAIL };
    if (email.localPart === null) {
      const detail =
        email.form === 'cleartext' ? 'No local part could be read' : digestNote(email, 'local part');
      return { state: 'UNKNOWN', risk: 'NONE', detail };
    }
    const relay = email.domain !== null && isPrivacyRelayDomain(email.domain);
    const { type, reason } = (relay ? classifyRelayLocalPart : classifyLocalPart)(email.localPart, name);
    return {
      state: type,
      risk: CHECK_CATALOG.EMAIL_USER_PORTION.states[type].risk,
      detail: `The local part ${reason}`,
    };
  });
  return findingsCheck('EMAIL_USER_PORTION', 'email', findings, 'UNKNOWN', QUIET);
}

type MxAnswers = ReadonlyMap<string, MxAnswer> | null | undefined;

const MX_SOURCE = 'the DNS lookup of the MX record';
// Only well-formed cleartext addresses are looked up (lib/services/dns/mx.ts picks the same).
const lookedUp = (email: EmailInput) => email.form === 'cleartext' && email.valid && email.domain !== null;

/** TRUE when a looked-up domain has no mail exchanger; digests and malformed addresses say nothing. */
function noMxRecord(emails: readonly EmailInput[], mx: MxAnswers): Check {
  if (!mx && emails.some(lookedUp)) return awaitingCheck('EMAIL_NO_MX_RECORD', MX_SOURCE);
  const findings = emails.map((email): Finding<NoMxState> => {
    if (email.form !== 'cleartext') {
      return {
        state: 'NONE',
        risk: 'NONE',
        detail: `${digestNote(email, 'domain')}, so it is not looked up`,
      };
    }
    if (!email.valid || email.domain === null)
      return { state: 'NONE', risk: 'NONE', detail: MALFORMED_EMAIL };
    return noMxFinding(email.domain, mx?.get(email.domain));
  });
  return findingsCheck('EMAIL_NO_MX_RECORD', 'email', findings, 'NONE', ['NONE']);
}

/** DNS evidence per well-formed address (catalog meanings); the riskiest address decides. */
function deliverability(emails: readonly EmailInput[], mx: MxAnswers): Check {
  if (!mx && emails.some(lookedUp)) return awaitingCheck('EMAIL_DELIVERABILITY', MX_SOURCE);
  const findings = emails.map((email): Finding<DeliverabilityState> => {
    if (email.form !== 'cleartext') {
      return { state: 'NONE', risk: 'NONE', detail: digestNote(email, 'address') };
    }
    if (!email.valid || email.domain === null || email.localPart === null) {
      return { state: 'NONE', risk: 'NONE', detail: MALFORMED_EMAIL };
    }
    return deliverabilityFinding(email.localPart, email.domain, mx?.get(email.domain));
  });
  const check = findingsCheck('EMAIL_DELIVERABILITY', 'email', findings, 'NONE', ['NONE']);
  // The findings' levels rank the emails; the check carries its state's own (derived) risk.
  return { ...check, risk: stateRisk('EMAIL_DELIVERABILITY', check.state as DeliverabilityState) };
}

/** EMAIL_FIRST_SEEN, EMAIL_LAST_SEEN and EMAIL_NEVER_SEEN from the graph's sightings. */
function sightings(emails: readonly EmailInput[], graph: GraphFacts | null, now: Date): Check[] {
  if (graph === null) {
    const source = "the identity graph's observations of this email";
    return [
      awaitingCheck('EMAIL_FIRST_SEEN', source),
      awaitingCheck('EMAIL_LAST_SEEN', source),
      awaitingCheck('EMAIL_NEVER_SEEN', source),
    ];
  }
  const seen = emails.map((_, index) => graph.emails[index] ?? null);
  const nowMs = now.getTime();
  return [
    findingsCheck(
      'EMAIL_FIRST_SEEN',
      'email',
      seen.map((facts) => firstSeenFinding('EMAIL_FIRST_SEEN', facts, nowMs)),
      'UNKNOWN',
    ),
    findingsCheck(
      'EMAIL_LAST_SEEN',
      'email',
      seen.map((facts) => lastSeenFinding('EMAIL_LAST_SEEN', facts, nowMs)),
      'UNKNOWN',
    ),
    findingsCheck(
      'EMAIL_NEVER_SEEN',
      'email',
      // A malformed address was never seen because it is malformed: EMAIL_INVALID carries that.
      seen.map((facts, index) => {
        const email = emails[index];
        return facts === null && email && isMalformedEmail(email)
          ? { state: 'NONE' as const, risk: 'NONE' as const, detail: MALFORMED_EMAIL }
          : neverSeenFinding(facts);
      }),
      'TRUE',
      ['NONE'],
    ),
  ];
}

export function emailChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
  const { emails } = input;
  if (emails.length === 0) {
    return [
      makeCheck('EMAIL_DELIVERABILITY', 'NONE', NO_EMAIL),
      makeCheck('EMAIL_FIRST_SEEN', 'NONE', NO_EMAIL),
      makeCheck('EMAIL_INVALID', 'NONE', NO_EMAIL),
      makeCheck('EMAIL_LAST_SEEN', 'NONE', NO_EMAIL),
      makeCheck('EMAIL_NEVER_SEEN', 'NONE', NO_EMAIL),
      makeCheck('EMAIL_NO_MX_RECORD', 'NONE', NO_EMAIL),
      makeCheck('EMAIL_TYPE', 'NONE', NO_EMAIL),
      makeCheck('EMAIL_USER_PORTION', 'NONE', NO_EMAIL),
    ];
  }
  return [
    deliverability(emails, ctx.mx),
    ...sightings(emails, ctx.graph, ctx.now),
    emailInvalid(emails),
    noMxRecord(emails, ctx.mx),
    emailType(emails),
    userPortion(input),
  ];
}
