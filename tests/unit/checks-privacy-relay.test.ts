// Issue 30, item 2: privacy services are not fraud. A relay's forwarding address and an iCloud
// Private Relay egress answer their own low-risk states, not DISPOSABLE, RANDOM, MISMATCH or VPN.
import { describe, expect, it } from 'vitest';
import { emailChecks } from '@/lib/engine/checks/email';
import { classifyEmailDomain } from '@/lib/engine/checks/email-domain';
import { ipAddressChecks } from '@/lib/engine/checks/ip-address';
import { syntheticIdentityChecks } from '@/lib/engine/checks/synthetic-identity';
import type { NameInput } from '@/lib/engine/types';
import { CidrIndex } from '@/lib/reference/cidr-index';
import { findCheck, outcome } from './support/find-check';
import { cleartextEmail, ctx, name, normalizedRequest } from './support/normalized-request';

const JANE = name('Jane', 'Doe');

function checksFor(address: string, person: NameInput | null = JANE) {
  const input = normalizedRequest({ emails: [cleartextEmail(address)], name: person });
  return [...emailChecks(input, ctx), ...syntheticIdentityChecks(input, ctx)];
}

const RELAY_ADDRESSES = [
  '48zvz1s5ck@privaterelay.appleid.com',
  'x7k2p9q1@mozmail.com',
  'abc.def123@duck.com',
  'random_alias@simplelogin.com',
  'shop@jane.anonaddy.com',
];

describe('EMAIL_TYPE PRIVACY_RELAY', () => {
  it.each(RELAY_ADDRESSES)('%s is a privacy relay [LOW]', (address) => {
    const checks = checksFor(address);
    expect(outcome(checks, 'EMAIL_TYPE')).toEqual({ state: 'PRIVACY_RELAY', risk: 'LOW' });
    expect(findCheck(checks, 'EMAIL_TYPE').description).toMatch(/privacy/i);
  });

  it('reads relay subdomains (Firefox Relay, addy.io) and wins over the disposable list', () => {
    expect(classifyEmailDomain('abc.mozmail.com')).toBe('PRIVACY_RELAY');
    expect(classifyEmailDomain('jane.addy.io')).toBe('PRIVACY_RELAY');
    // anonaddy.com is on disposable-email-domains' wildcard list: the relay reading wins.
    expect(classifyEmailDomain('anonaddy.com')).toBe('PRIVACY_RELAY');
    expect(classifyEmailDomain('user.anonaddy.me')).toBe('PRIVACY_RELAY');
    expect(classifyEmailDomain('aleeas.com')).toBe('PRIVACY_RELAY');
    expect(classifyEmailDomain('PrivateRelay.AppleID.com')).toBe('PRIVACY_RELAY');
  });

  it('does not take look-alike domains for relays', () => {
    expect(classifyEmailDomain('appleid.com')).not.toBe('PRIVACY_RELAY');
    expect(classifyEmailDomain('notmozmail.com')).not.toBe('PRIVACY_RELAY');
    expect(classifyEmailDomain('mailinator.com')).toBe('DISPOSABLE');
    expect(classifyEmailDomain('gmail.com')).toBe('FREE');
  });
});

describe('EMAIL_USER_PORTION on a relay address', () => {
  it.each(RELAY_ADDRESSES)('%s is not RANDOM', (address) => {
    expect(outcome(checksFor(address), 'EMAIL_USER_PORTION').state).not.toBe('RANDOM');
  });

  it('answers GENERATED [NONE] where the local part would otherwise read as random', () => {
    const checks = checksFor('48zvz1s5ck@privaterelay.appleid.com');
    expect(outcome(checks, 'EMAIL_USER_PORTION')).toEqual({ state: 'GENERATED', risk: 'NONE' });
    expect(findCheck(checks, 'EMAIL_USER_PORTION').description).toMatch(/privacy relay/i);
    expect(outcome(checksFor('x7k2p9q1@mozmail.com'), 'EMAIL_USER_PORTION').state).toBe('GENERATED');
  });

  it('still answers RANDOM [MED] for a random local part at a mailbox provider', () => {
    expect(outcome(checksFor('48zvz1s5ck@gmail.com'), 'EMAIL_USER_PORTION')).toEqual({
      state: 'RANDOM',
      risk: 'MED',
    });
    expect(outcome(checksFor('x7k2p9q1@gmail.com'), 'EMAIL_USER_PORTION').state).toBe('RANDOM');
  });

  it('keeps the name reading of a relay alias the person named after themselves', () => {
    expect(outcome(checksFor('jane.doe@duck.com'), 'EMAIL_USER_PORTION').state).toBe('NAME_BASED');
  });
});

describe('SYNTHETIC_EMAIL_MISMATCH on a relay address', () => {
  it.each(RELAY_ADDRESSES)('%s with Jane Doe is UNKNOWN, not MISMATCH', (address) => {
    const checks = checksFor(address);
    expect(outcome(checks, 'SYNTHETIC_EMAIL_MISMATCH')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
    expect(findCheck(checks, 'SYNTHETIC_EMAIL_MISMATCH').description).toMatch(/privacy relay/i);
  });

  it('still answers MISMATCH for a gmail address that reflects neither name', () => {
    expect(outcome(checksFor('48zvz1s5ck@gmail.com'), 'SYNTHETIC_EMAIL_MISMATCH').state).toBe('MISMATCH');
  });

  it('lets a relay address that holds the name still match, and another address still mismatch', () => {
    expect(outcome(checksFor('jane.doe@duck.com'), 'SYNTHETIC_EMAIL_MISMATCH').state).toBe('MATCHED');
    const input = normalizedRequest({
      emails: [cleartextEmail('x7k2p9q1@mozmail.com'), cleartextEmail('sunflower@gmail.com')],
      name: JANE,
    });
    expect(outcome(syntheticIdentityChecks(input, ctx), 'SYNTHETIC_EMAIL_MISMATCH').state).toBe('MISMATCH');
  });
});

describe('IP_TYPE PRIVACY_RELAY', () => {
  const lists = CidrIndex.build([
    {
      name: 'x4bnet-datacenter/ipv4.txt',
      type: 'DATA_CENTER',
      publishedAt: null,
      entries: ['172.224.0.0/12'],
    },
    { name: 'x4bnet-vpn/ipv4.txt', type: 'VPN', publishedAt: null, entries: ['104.28.28.64/29'] },
    { name: 'tor/exit-addresses', type: 'TOR', publishedAt: null, entries: ['185.220.101.0/24'] },
    {
      name: 'icloud-private-relay/egress-ip-ranges.csv',
      type: 'PRIVACY_RELAY',
      publishedAt: null,
      entries: ['172.224.226.0/27', '104.28.28.64/29', '2a02:26f7:b3c0:4000::/64'],
    },
  ]);
  const ipType = (address: string) =>
    findCheck(
      ipAddressChecks(normalizedRequest({ ipAddress: { address, version: address.includes(':') ? 6 : 4 } }), {
        ...ctx,
        ipLists: lists,
      }),
      'IP_TYPE',
    );

  it('answers PRIVACY_RELAY [LOW] for an egress address that a VPN list also holds', () => {
    const check = ipType('104.28.28.66');
    expect({ state: check.state, risk: check.risk }).toEqual({ state: 'PRIVACY_RELAY', risk: 'LOW' });
    expect(check.description).toContain('iCloud Private Relay');
    expect(check.description).toContain(
      '104.28.28.64/29 on the list "icloud-private-relay/egress-ip-ranges.csv"',
    );
  });

  it('wins over a data-center list holding a wider block, IPv4 and IPv6', () => {
    expect(ipType('172.224.226.7').state).toBe('PRIVACY_RELAY');
    expect(ipType('2a02:26f7:b3c0:4000::1').state).toBe('PRIVACY_RELAY');
  });

  it('leaves the rest of the data-center block DATA_CENTER and Tor exits TOR', () => {
    expect(ipType('172.224.227.7').state).toBe('DATA_CENTER');
    expect(ipType('185.220.101.1').state).toBe('TOR');
  });
});
