// A real authoritative-style DNS server on 127.0.0.1 (UDP, random port) for the resolver tests:
// answers from a small zone table, logs every question, and can stay silent to force timeouts.
import dns2 from 'dns2';

const { Packet } = dns2;

export interface ZoneEntry {
  mx?: { priority: number; exchange: string }[];
  a?: string[];
  aaaa?: string[];
  /** Answer this rcode (e.g. SERVFAIL) to every question about the name. */
  rcode?: number;
  /** Never answer questions about the name. */
  silent?: boolean;
  ttl?: number;
}

export interface Question {
  name: string;
  type: 'A' | 'AAAA' | 'MX' | 'NS' | string;
}

export interface TestDnsServer {
  /** `127.0.0.1:port`, as DNS_SERVERS and Resolver.setServers take it. */
  address: string;
  questions: Question[];
  /** How many questions named `name` (any type) the server received. */
  count(name: string): number;
  close(): Promise<void>;
}

/** Response codes (RFC 1035 §4.1.1); dns2's typings do not declare its own table. */
export const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

const TYPE_NAMES: Readonly<Record<number, string>> = {
  [Packet.TYPE.A]: 'A',
  [Packet.TYPE.AAAA]: 'AAAA',
  [Packet.TYPE.MX]: 'MX',
  [Packet.TYPE.NS]: 'NS',
};

/**
 * Names absent from `zone` are NXDOMAIN; names present answer NOERROR with the records of the
 * asked type (none: NODATA). The root answers NS unless `rootReachable` is false, as a resolver
 * cut off from the internet would (NXDOMAIN for everything).
 */
export async function startDnsServer(
  zone: Readonly<Record<string, ZoneEntry>>,
  options: { rootReachable?: boolean; delayMs?: number } = {},
): Promise<TestDnsServer> {
  const questions: Question[] = [];
  const rootReachable = options.rootReachable ?? true;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (question === undefined) return;
      const name = question.name.toLowerCase().replace(/\.$/, '');
      questions.push({ name, type: TYPE_NAMES[question.type] ?? String(question.type) });
      const record = (fields: Partial<dns2.Packet.Resource>) =>
        Packet.createResourceFromQuestion(question, { class: Packet.CLASS.IN, ...fields });
      const reply = () => void send(response);
      const later = () => (options.delayMs ? setTimeout(reply, options.delayMs) : reply());
      if (name === '') {
        if (rootReachable) {
          response.answers.push(record({ type: Packet.TYPE.NS, ttl: 3600, ns: 'a.root-servers.net' }));
        } else {
          response.header.rcode = RCODE.NXDOMAIN;
        }
        return later();
      }
      const entry = zone[name];
      if (entry?.silent) return;
      if (entry === undefined || !rootReachable) {
        response.header.rcode = RCODE.NXDOMAIN;
        return later();
      }
      if (entry.rcode !== undefined) {
        response.header.rcode = entry.rcode;
        return later();
      }
      const ttl = entry.ttl ?? 300;
      const { MX, A, AAAA } = Packet.TYPE;
      if (question.type === MX) {
        for (const mx of entry.mx ?? []) response.answers.push(record({ type: MX, ttl, ...mx }));
      }
      if (question.type === A) {
        for (const address of entry.a ?? []) response.answers.push(record({ type: A, ttl, address }));
      }
      if (question.type === AAAA) {
        for (const address of entry.aaaa ?? []) response.answers.push(record({ type: AAAA, ttl, address }));
      }
      later();
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = addresses.udp?.port ?? server.addresses().udp?.port;
  if (!port) throw new Error('the test DNS server did not bind a UDP port');
  return {
    address: `127.0.0.1:${port}`,
    questions,
    count: (name) => questions.filter((q) => q.name === name).length,
    close: () => server.close(),
  };
}
