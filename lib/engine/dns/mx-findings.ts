// What one email domain's MX answer means for EMAIL_NO_MX_RECORD and EMAIL_DELIVERABILITY.
// Details name the domain and its mail hosts, never the local part (descriptions are stored).
import { CHECK_CATALOG } from '../checks/catalog';
import { classifyEmailDomain } from '../checks/email-domain';
import { classifyLocalPart } from '../checks/email-user-portion';
import type { Finding } from '../checks/findings';
import type { MxAnswer } from './types';

type NoMxState = keyof typeof CHECK_CATALOG.EMAIL_NO_MX_RECORD.states;
type DeliverabilityState = keyof typeof CHECK_CATALOG.EMAIL_DELIVERABILITY.states;

const HOSTS_SHOWN = 3;

const NO_MAIL = {
  NXDOMAIN: 'does not exist (NXDOMAIN)',
  NO_RECORDS: 'has no MX, A or AAAA record',
  NULL_MX: 'publishes a null MX (RFC 7505): it accepts no mail',
} as const;

function hostList(hosts: readonly string[]): string {
  const shown = hosts.slice(0, HOSTS_SHOWN).join(', ');
  const more = hosts.length - HOSTS_SHOWN;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/** How the domain receives mail, for an answer of kind mx. */
function exchangers(domain: string, answer: Extract<MxAnswer, { kind: 'mx' }>): string {
  if (answer.implicit) {
    return `The domain ${domain} has no MX record; its own A/AAAA address receives mail instead (RFC 5321 implicit MX)`;
  }
  return `The domain ${domain} receives mail at ${hostList(answer.hosts)}`;
}

const lookupFailed = (domain: string, answer: MxAnswer | undefined) =>
  answer?.kind === 'error'
    ? `The DNS lookup of ${domain} failed: ${answer.reason}`
    : `The domain ${domain} was not looked up in DNS`;

export function noMxFinding(domain: string, answer: MxAnswer | undefined): Finding<NoMxState> {
  const { states } = CHECK_CATALOG.EMAIL_NO_MX_RECORD;
  if (answer === undefined || answer.kind === 'error') {
    return { state: 'UNKNOWN', risk: states.UNKNOWN.risk, detail: lookupFailed(domain, answer) };
  }
  if (answer.kind === 'none') {
    return {
      state: 'TRUE',
      risk: states.TRUE.risk,
      detail: `The domain ${domain} ${NO_MAIL[answer.reason]}`,
    };
  }
  return { state: 'FALSE', risk: states.FALSE.risk, detail: exchangers(domain, answer) };
}

/**
 * A well-formed address: FALSE when its domain takes no mail; UNKNOWN when DNS failed or the
 * domain is disposable (it takes mail for any address, briefly, so that proves no lasting
 * mailbox); else TRUE, a role mailbox included (mail reaches it; EMAIL_USER_PORTION names it).
 */
export function deliverabilityFinding(
  localPart: string,
  domain: string,
  answer: MxAnswer | undefined,
): Finding<DeliverabilityState> {
  const { states } = CHECK_CATALOG.EMAIL_DELIVERABILITY;
  // Ranks the emails' findings (the worst decides); the check itself then carries the catalog's
  // risk of its state, NONE for FALSE and UNKNOWN: the facts are weighed by other checks.
  const rank = { FALSE: 'HIGH', UNKNOWN: 'LOW' } as const;
  if (answer === undefined || answer.kind === 'error') {
    const detail = `${lookupFailed(domain, answer)}; counted once, by EMAIL_NO_MX_RECORD`;
    return { state: 'UNKNOWN', risk: rank.UNKNOWN, detail };
  }
  if (answer.kind === 'none') {
    const detail = `No mail can be delivered: the domain ${domain} ${NO_MAIL[answer.reason]}; counted once, by EMAIL_NO_MX_RECORD`;
    return { state: 'FALSE', risk: rank.FALSE, detail };
  }
  const route = exchangers(domain, answer);
  if (classifyEmailDomain(domain) === 'DISPOSABLE') {
    const detail = `${route}, but it is a disposable provider, whose inboxes take mail for any address and only for a while; counted once, by EMAIL_TYPE`;
    return { state: 'UNKNOWN', risk: rank.UNKNOWN, detail };
  }
  if (classifyLocalPart(localPart, null).type === 'ROLE') {
    return {
      state: 'TRUE',
      risk: states.TRUE.risk,
      detail: `${route}; the address is a shared role mailbox`,
    };
  }
  return { state: 'TRUE', risk: states.TRUE.risk, detail: route };
}
