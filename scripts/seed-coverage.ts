// `npm run seed:coverage -- --now ISO [--seed 42] [--sample 300]`: which states of which checks
// the seeded graph reaches. Regenerates the first people of a seed (pass the --now the graph was
// seeded with), asks the checks about each of them the way Verify would (the graph facts as the
// service gathers them, read-only), and prints per check the states reached and those not.
import { parseArgs } from 'node:util';
import { openDatabase } from '@/lib/cli/database-url';
import { closeDb, configureDatabase, db } from '@/lib/db/client';
import { CHECK_CATALOG, CHECK_IDS, runChecks } from '@/lib/engine/checks';
import { parseVerifyRequest } from '@/lib/engine/request';
import { Claims } from '@/lib/seed/claims';
import { locationFields } from '@/lib/seed/keys';
import { generatePersons } from '@/lib/seed/population';
import type { SeedPerson } from '@/lib/seed/types';
import { gatherFacts } from '@/lib/services/graph/facts';

type Body = Record<string, unknown>;

/** Requests a caller could make about one seeded person: all at once, and one identifier at a time. */
function requestsFor(p: SeedPerson, stranger: SeedPerson | undefined): Body[] {
  const home = p.addresses.at(-1);
  const location = home ? locationFields(home) : undefined;
  const profiles = p.profiles.map((v) => ({
    service: v.split(':')[0],
    username: v.slice(v.indexOf(':') + 1),
  }));
  const ip = p.ips[0];
  const full: Body = {
    emails: p.emails,
    phones: p.phones,
    profiles,
    ...(p.ssn ? { ssns: [p.ssn] } : {}),
    name: p.name,
    ...(location ? { location } : {}),
    ...(ip ? { ipAddress: ip } : {}),
    birthday: p.birthday,
  };
  return [
    full,
    ...p.emails.map((email) => ({ emails: [email], name: p.name })),
    ...p.phones.map((phone) => ({ phones: [phone], ...(location ? { location, name: p.name } : {}) })),
    ...p.ips.map((address) => ({ ipAddress: address, ...(location ? { location, name: p.name } : {}) })),
    ...(location ? [{ name: p.name, location }] : []),
    // Someone else's name at this person's door.
    ...(location && stranger ? [{ name: stranger.name, location }] : []),
  ];
}

/** States that describe the request rather than the graph: NONE (input absent), malformed input, digests. */
const PROBES: Body[] = [
  { ipAddress: '8.8.8.8' },
  { emails: ['not an address'] },
  { phones: ['+1 555 0100'] },
  { emails: ['0cc175b9c0f1b6a831c399e269772661'], name: { given: 'Ann', family: 'Lee' } },
  {
    name: { given: 'Ann', family: 'Lee' },
    location: { addressLine1: '1 Main St', city: 'Springfield', countryCode: 'US' },
  },
];

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { seed: { type: 'string' }, now: { type: 'string' }, sample: { type: 'string' } },
  });
  if (!values.now) throw new Error('--now is required: the --now the graph was seeded with');
  const now = new Date(values.now);
  const seed = Number(values.seed ?? 42);
  const sample = Number(values.sample ?? 300);
  const claims = new Claims(sample * 8);
  const people = generatePersons({ seed, now: now.getTime(), claim: (t) => claims.claim(t) }, 0, sample);

  const database = await openDatabase();
  configureDatabase(database.url);
  const reached = new Map<string, Set<string>>(CHECK_IDS.map((id) => [id, new Set<string>()]));
  const probed = new Map<string, Set<string>>(CHECK_IDS.map((id) => [id, new Set<string>()]));
  let requests = 0;
  const ask = async (body: Body, into: Map<string, Set<string>>) => {
    const parsed = parseVerifyRequest(body);
    if (!parsed.ok) return;
    const graph = await gatherFacts(db(), parsed.value, now);
    for (const check of runChecks(parsed.value, { now, graph })) into.get(check.id)?.add(check.state);
    requests++;
  };
  try {
    for (const [i, person] of people.entries()) {
      for (const body of requestsFor(person, people[(i + 1) % people.length])) await ask(body, reached);
    }
    for (const body of PROBES) await ask(body, probed);
  } finally {
    await closeDb();
    await database.stop();
  }
  let missing = 0;
  for (const id of CHECK_IDS) {
    const states = Object.keys(CHECK_CATALOG[id].states);
    const got = reached.get(id) ?? new Set<string>();
    const byShape = [...(probed.get(id) ?? [])].filter((s) => !got.has(s));
    const absent = states.filter((s) => !got.has(s) && !byShape.includes(s));
    missing += absent.length;
    const parts = [
      `data: ${[...got].sort().join(', ')}`,
      ...(byShape.length ? [`request shape only: ${byShape.sort().join(', ')}`] : []),
      ...(absent.length ? [`not reached: ${absent.join(', ')}`] : []),
    ];
    process.stdout.write(`${id.padEnd(34)} ${parts.join(' | ')}\n`);
  }
  process.stdout.write(
    `${requests} requests about ${people.length} people; ${missing} catalog states not reached\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`seed:coverage failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
