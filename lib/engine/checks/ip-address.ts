// The IP Address package. IP_TYPE tells non-public addresses apart from the input alone, then
// consults the Tor, iCloud Private Relay, VPN and data-center lists when loaded;
// IP_GEOLOCATION_MISMATCH the IP geolocation database.
import type { Check, CheckContext, IpListLookup, NormalizedRequest } from '../types';
import { ipGeolocation } from './ip-geolocation';
import { ipReach } from './ip-range';
import { awaitingCheck, makeCheck } from './make-check';

/** Plain words for the ipaddr.js range names an analyst meets most. */
const RANGE_TEXT: Readonly<Record<string, string>> = {
  private: 'a private network address (RFC 1918)',
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'an IPv6 unique local address (fc00::/7)',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  unspecified: 'the unspecified address',
  reserved: 'a reserved or documentation address',
  invalid: 'not a parseable address',
};

const LIST_TEXT = {
  TOR: 'a Tor exit node',
  PRIVACY_RELAY:
    "an iCloud Private Relay egress address, a consumer privacy service hiding the user's own address",
  VPN: 'a VPN address',
  DATA_CENTER: 'a data-center or cloud-hosting address',
} as const;

function ipType(address: string, lists: IpListLookup | null): Check {
  const reach = ipReach(address);
  if (reach.public && lists) {
    const hit = lists.match(address);
    if (hit) {
      const dated = hit.publishedAt ? `, published ${hit.publishedAt.toISOString().slice(0, 10)}` : '';
      return makeCheck(
        'IP_TYPE',
        hit.type,
        `${address} is ${LIST_TEXT[hit.type]}: it is in ${hit.cidr} on the list "${hit.name}"${dated}.`,
      );
    }
    // Not on a list does not make it residential: that needs an ISP/ASN database, so UNKNOWN.
    return makeCheck(
      'IP_TYPE',
      'UNKNOWN',
      `${address} is a public address not on any loaded Tor exit, iCloud Private Relay, VPN or ` +
        'data-center list; without an ISP database its type is unknown.',
    );
  }
  // No list loaded says nothing about the address: awaiting them, at NONE (not the LOW of a miss).
  if (reach.public) {
    return awaitingCheck(
      'IP_TYPE',
      `the Tor exit, iCloud Private Relay, VPN and data-center lists (${address} is a public address)`,
    );
  }
  const what = RANGE_TEXT[reach.range] ?? `in the special-purpose range "${reach.range}"`;
  return makeCheck(
    'IP_TYPE',
    'PRIVATE',
    `${address} is ${what}, not a public address: the end user's own address was expected.`,
  );
}

export function ipAddressChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
  const ip = input.ipAddress;
  if (ip === null) {
    return [
      makeCheck('IP_GEOLOCATION_MISMATCH', 'UNKNOWN', 'No IP address was provided.'),
      makeCheck('IP_TYPE', 'NONE', 'No IP address was provided.'),
    ];
  }
  const type = ipType(ip.address, ctx.ipLists ?? null);
  const exit = ANONYMISING_EXITS[type.state];
  // A VPN or relay exit geolocates to the provider's server, not to the person behind it: its
  // country says nothing about the applicant (an honest VPN user would read as abroad).
  const geolocation =
    exit === undefined
      ? ipGeolocation(ip.address, input.location, ctx.geo ?? null)
      : makeCheck(
          'IP_GEOLOCATION_MISMATCH',
          'UNKNOWN',
          `${ip.address} is ${exit}: where it geolocates is where the provider's server is, not the ` +
            'applicant, so it is not compared with the address.',
        );
  return [geolocation, type];
}

/** IP_TYPE states whose address stands for a provider's exit rather than the user's location. */
const ANONYMISING_EXITS: Readonly<Record<string, string>> = {
  VPN: 'a VPN exit',
  PRIVACY_RELAY: 'an iCloud Private Relay egress address',
};
