// IP_TYPE (IP Address): IP address type.
// Decided in ../ip-address.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, IP_ONLY } from '../example-kit';
import { UNLISTED } from '../example-kits/ip-address';

export const ipType = defineCheck({
  id: 'IP_TYPE',
  checkPackage: 'IP Address',
  name: 'IP address type',
  states: {
    TOR: { risk: 'HIGH', weight: 4.1, meaning: 'The address is a Tor exit node.' },
    PRIVACY_RELAY: {
      risk: 'LOW',
      weight: 0.3,
      meaning:
        "The address is an iCloud Private Relay egress address (Apple's published egress-ip-ranges.csv): " +
        "the user's own IP is hidden by a consumer privacy service. Wins over the VPN and data-center lists.",
    },
    VPN: { risk: 'LOW', weight: 1.2, meaning: 'The address belongs to a VPN provider.' },
    DATA_CENTER: { risk: 'MED', weight: 2.3, meaning: 'The address belongs to a hosting or cloud provider.' },
    PRIVATE: { risk: 'MED', meaning: 'The address is not public (private, loopback, reserved...).' },
    // No information either way: most honest and most fraudulent connections come from addresses
    // no list classifies, so it weighs 0 (issue 30) and reads NONE.
    UNKNOWN: {
      risk: 'NONE',
      meaning:
        'A public address that no loaded list classifies (with no list loaded at all: UNKNOWN at ' +
        'NONE, awaiting them).',
    },
    MOBILE: { risk: 'NONE', meaning: 'The address belongs to a mobile carrier.' },
    RESIDENTIAL_OR_BUSINESS: { risk: 'NONE', meaning: 'The address belongs to a fixed-line ISP.' },
    NONE: { risk: 'NONE', meaning: 'No IP address was provided.' },
  },
  source:
    'The address range (ipaddr.js special-purpose ranges); Tor exit, iCloud Private Relay egress, VPN and ' +
    "data-center lists (TorDNSEL, Apple's egress-ip-ranges.csv, X4BNet, AWS, Google Cloud) imported with " +
    '`npm run lists -- import DIR`',
  examples: [
    example('TOR', { ipAddress: '185.220.101.1' }, { note: 'The Tor exit list holds 185.220.101.0/24.' }),
    example(
      'PRIVACY_RELAY',
      { ipAddress: '172.224.226.7' },
      {
        note:
          "Apple's egress-ip-ranges.csv holds 172.224.226.0/27; the X4BNet data-center list " +
          'holds 172.224.0.0/12.',
      },
    ),
    example('VPN', { ipAddress: '2.26.157.10' }, { note: 'The X4BNet VPN list holds 2.26.157.0/24.' }),
    example('DATA_CENTER', { ipAddress: '3.5.140.2' }, { note: 'The AWS ranges list holds 3.5.140.0/22.' }),
    example('PRIVATE', { ipAddress: '192.168.1.10' }),
    example('UNKNOWN', IP_ONLY, { note: UNLISTED }),
    example('UNKNOWN', IP_ONLY, {
      note: 'No Tor, iCloud Private Relay, VPN or data-center list is loaded.',
      context: (base) => ({ ...base, ipLists: null }),
    }),
    example('NONE', EMAIL_ONLY),
  ],
  unreachable: {
    MOBILE:
      'No mobile-carrier IP data is loaded: the imported lists name Tor exits, iCloud Private Relay ' +
      'egresses, VPNs and data centers only.',
    RESIDENTIAL_OR_BUSINESS:
      'Needs an ISP/ASN database, which is not loaded: a public address on no list answers UNKNOWN.',
  },
});
