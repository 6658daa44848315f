// The DNS zone the contract and e2e servers resolve email domains against: a real DNS server on
// loopback (dns2), so Verify's MX checks run end to end without the internet. The mail domains
// of the tests and of the seeded demo people get MX records; a few names exercise the failures.
import type { ZoneEntry } from './dns-server';

const MAIL_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'icloud.com',
  'aol.com',
  // Privacy relays (Apple Hide My Email, Firefox Relay, DuckDuckGo) take mail like any mailbox.
  'privaterelay.appleid.com',
  'mozmail.com',
  'duck.com',
  'att.net',
  'comcast.net',
  'btinternet.com',
  'gmx.de',
  'web.de',
  't-online.de',
  'laposte.net',
  'rediffmail.com',
  'mailinator.com',
  'guerrillamail.com',
  'sharklasers.com',
  'yopmail.com',
  '10minutemail.com',
  'mit.edu',
  'berkeley.edu',
  'stanford.edu',
  'nyu.edu',
  'umich.edu',
  'utexas.edu',
  'irs.gov',
  'nasa.gov',
  'state.gov',
  'ca.gov',
  'ny.gov',
  'bund.de',
  'nhs.net',
  'example.com',
  'example.org',
  'acme-widgets.com',
];

export const MAIL_ZONE: Readonly<Record<string, ZoneEntry>> = {
  ...Object.fromEntries(
    MAIL_DOMAINS.map((domain) => [domain, { mx: [{ priority: 10, exchange: `mx1.${domain}` }], ttl: 3600 }]),
  ),
  // A domain that exists with no mail exchanger and no address: nowhere to deliver.
  'no-mail.verity.test': {},
  // RFC 7505: the domain says it accepts no mail.
  'null-mx.verity.test': { mx: [{ priority: 0, exchange: '.' }] },
  // No MX, but an address: RFC 5321's implicit MX.
  'a-only.verity.test': { a: ['192.0.2.25'] },
};
