// TorDNSEL exit-addresses: blocks of ExitNode / Published / LastStatus / ExitAddress <ip> <time>.
import { collect, type ParsedList, utcDate } from './cidr';

export function parseTorExitAddresses(text: string): ParsedList {
  const addresses: string[] = [];
  let latest: Date | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const space = line.indexOf(' ');
    if (space < 0) continue;
    const keyword = line.slice(0, space);
    const rest = line.slice(space + 1).trim();
    if (keyword === 'ExitAddress') {
      addresses.push(rest.split(/\s+/)[0] ?? '');
    } else if (keyword === 'Published' || keyword === 'LastStatus') {
      const date = utcDate(rest);
      if (date && (latest === null || date > latest)) latest = date;
    }
  }
  return collect(addresses, latest);
}
