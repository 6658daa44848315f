// The IP Address examples' shared requests and contexts (lib/engine/checks/defs/ip-address-*.ts).

export const UNLISTED = 'No loaded Tor, iCloud Private Relay, VPN or data-center list holds the address.';
