// The addresses a person is seen from: home ISP (sometimes a second lease), mobile data, and
// rarer ones planted for IP_TYPE and IP_GEOLOCATION_MISMATCH: Tor, VPN, hosting, private, abroad.
import type { DatedIp } from './activity';
import { ipKey } from './keys';
import { residentialIp, specialIp } from './networks';
import type { Phenomenon } from './phenomena';
import { type Place, placeOf } from './places';
import type { Rng } from './prng';

export function personIps(
  rng: Rng,
  place: Place | null,
  country: string,
  has: (p: Phenomenon) => boolean,
  window: { start: number; end: number },
  hasPhone: boolean,
  phenomena: Set<Phenomenon>,
): DatedIp[] {
  const dated = (ip: { address: string; country: string | null }, from: number, weight: number): DatedIp => ({
    key: ipKey(ip.address),
    country: ip.country,
    from,
    weight,
  });
  const home = place ? residentialIp(rng, place.isp, country) : specialIp(rng, 'vpn');
  const ips = [dated(home, window.start, 70)];
  phenomena.add(place ? 'ip-residential' : 'ip-vpn');
  if (place && rng.chance(0.3))
    ips.push(
      dated(residentialIp(rng, place.isp, country), Math.floor(rng.between(window.start, window.end)), 70),
    );
  if (has('ip-mobile') || (country === 'US' && hasPhone && rng.chance(0.35))) {
    ips.push(dated(specialIp(rng, 'mobile'), window.start, 15));
    phenomena.add('ip-mobile');
  }
  for (const kind of ['tor', 'vpn', 'datacenter', 'private'] as const) {
    const odds = { tor: 0.004, vpn: 0.02, datacenter: 0.008, private: 0.01 }[kind];
    if (has(`ip-${kind}`) || rng.chance(odds)) {
      ips.push(dated(specialIp(rng, kind), window.start, 0.5));
      phenomena.add(`ip-${kind}`);
    }
  }
  if (has('ip-foreign') || rng.chance(0.01)) {
    const abroad = placeOf(country === 'GB' ? 'FR' : 'GB');
    ips.push(dated(residentialIp(rng, abroad.isp, abroad.code), window.start, 0.5));
    phenomena.add('ip-foreign');
  }
  return ips;
}
