// Google cloud.json: creationTime (UTC, no zone), prefixes[] with ipv4Prefix or ipv6Prefix.
import { jsonField, jsonList } from './aws-ip-ranges';
import { collect, type ParsedList, utcDate } from './cidr';

export function parseGcpCloud(text: string): ParsedList {
  const doc = JSON.parse(text) as Record<string, unknown>;
  const values = jsonList(doc.prefixes).map(
    (p) => jsonField(p, 'ipv4Prefix') ?? jsonField(p, 'ipv6Prefix') ?? '',
  );
  const publishedAt = typeof doc.creationTime === 'string' ? utcDate(doc.creationTime) : null;
  return collect(values, publishedAt);
}
