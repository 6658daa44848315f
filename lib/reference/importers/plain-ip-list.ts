// One address or CIDR per line; '#' starts a comment; blank lines ignored.
import { collect, type ParsedList } from './cidr';

export function parsePlainIpList(text: string): ParsedList {
  const values: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const hash = raw.indexOf('#');
    const line = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
    if (line) values.push(line);
  }
  return collect(values, null);
}
