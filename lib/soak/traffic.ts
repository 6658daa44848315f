// The soak's request mix: Verify, Signals and ingestion over a fixed population, so the graph
// keeps meeting people it has seen (as real traffic does) rather than only ever growing.

export type SoakOperation = 'verify' | 'signals' | 'events';

export interface SoakRequest {
  operation: SoakOperation;
  path: string;
  body: unknown;
  /** The status a success answers with. */
  expect: number[];
}

const POPULATION = 5000;
/** Verify half the time, Signals three tenths, a batch of events one fifth. */
const MIX: SoakOperation[] = [
  'verify',
  'verify',
  'verify',
  'verify',
  'verify',
  'signals',
  'signals',
  'signals',
  'events',
  'events',
];

function person(n: number) {
  const id = n % POPULATION;
  return {
    email: `soak.person${id}@example.com`,
    phone: `+1415555${String(id % 10_000).padStart(4, '0')}`,
    name: { given: 'Sam', family: `Soak${id}` },
    ipAddress: `81.2.${id % 250}.${(id % 200) + 1}`,
  };
}

/** The n-th request of the soak (deterministic: the same run makes the same calls). */
export function soakRequest(n: number, now: number): SoakRequest {
  const operation = MIX[n % MIX.length] ?? 'verify';
  const who = person(n * 7919);
  if (operation === 'verify') {
    return {
      operation,
      path: '/api/verify',
      body: { emails: [who.email], phones: [who.phone], name: who.name, ipAddress: who.ipAddress },
      expect: [200, 201],
    };
  }
  if (operation === 'signals') {
    // 204: no one in the graph matches (the population's first calls).
    return {
      operation,
      path: '/api/signals',
      body: { emails: [who.email], phones: [who.phone] },
      expect: [200, 204],
    };
  }
  return {
    operation,
    path: '/api/events',
    body: Array.from({ length: 10 }, (_, i) => {
      const other = person(n * 7919 + i * 31);
      return {
        type: ['visitor', 'signup', 'click'][i % 3],
        observedAt: now - (i + 1) * 60_000,
        source: 'soak',
        email: other.email,
        phone: other.phone,
        ipAddress: other.ipAddress,
      };
    }),
    expect: [202],
  };
}
