// Concurrent event batches that repeat ids (inside a batch and across racing batches) and share
// identifiers: each distinct event counts exactly once in every stored counter, whichever batch
// lands it, and sending everything again changes nothing.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, newKey, query } from './support';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const MINUTE = 60_000;
const BATCHES = 4;
const PER_BATCH = 30;

interface Event {
  id: string;
  type: 'visitor';
  observedAt: number;
  source: string;
  emails: string[];
}

describe('concurrent batches with repeated event ids and shared identifiers', () => {
  it('count each distinct event once in answers, identifiers, observations, rollups and links', async () => {
    const { key } = await newKey('ingest');
    const tag = `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;
    const shared = `shared.${tag}@example.com`;
    const partner = `partner.${tag}@example.com`;
    const start = Date.parse('2026-11-20T10:30:00Z');
    const event = (n: number): Event => ({
      id: `evt-${n}`,
      type: 'visitor',
      // Spread over several hours, so several hourly rollups of the shared email.
      observedAt: start + n * 7 * MINUTE,
      source: 'web',
      emails: [shared, partner, `own.${n}.${tag}@example.com`],
    });
    // Batch b holds events b*30 .. b*30+29, its own first event again, and the previous batch's
    // last five events (racing with that batch).
    const batches = Array.from({ length: BATCHES }, (_, b) => {
      const own = Array.from({ length: PER_BATCH }, (_, i) => event(b * PER_BATCH + i));
      const previous = Array.from({ length: 5 }, (_, i) =>
        event(((b + BATCHES - 1) % BATCHES) * PER_BATCH + 25 + i),
      );
      return [...own, own[0], ...previous];
    });
    const distinct = BATCHES * PER_BATCH;
    const sent = batches.reduce((n, batch) => n + batch.length, 0);

    const answers = await Promise.all(batches.map((body) => call('/api/events', { key, body })));
    expect(answers.map((a) => a.status)).toEqual(Array(BATCHES).fill(202));
    const total = (field: 'accepted' | 'duplicates') =>
      answers.reduce((n, a) => n + Number(a.body[field]), 0);
    expect(total('accepted')).toBe(distinct);
    expect(total('duplicates')).toBe(sent - distinct);
    for (const answer of answers) expect(answer.body.rejected).toEqual([]);

    const stored = async () => {
      const [email] = await query<{ id: string; observations: number; first: string; last: string }>(
        `select id, observations, first_seen_at as first, last_seen_at as last
         from identifiers where kind = 'email' and value = $1`,
        [sha256(shared)],
      );
      const [counts] = await query<{ raw: number; rolled: number; hours: number; link: number }>(
        `select (select count(*)::int from observations where identifier_id = $1) as raw,
                (select sum(count)::int from observation_rollups where identifier_id = $1) as rolled,
                (select count(*)::int from observation_rollups where identifier_id = $1) as hours,
                (select l.observations from identifier_links l join identifiers p
                   on p.kind = 'email' and p.value = $2 and (l.a_id, l.b_id) in ((p.id, $1), ($1, p.id))) as link`,
        [email?.id, sha256(partner)],
      );
      return { email, counts };
    };
    const first = await stored();
    expect(first.email?.observations).toBe(distinct);
    expect(new Date(first.email?.first ?? 0).getTime()).toBe(start);
    expect(new Date(first.email?.last ?? 0).getTime()).toBe(start + (distinct - 1) * 7 * MINUTE);
    // 120 events 7 minutes apart from 10:30 to 00:23 the next day: the hours 10:00 to 00:00, 15 of them.
    expect(first.counts).toEqual({ raw: distinct, rolled: distinct, hours: 15, link: distinct });

    // Everything again, in one request: every event is a duplicate and no counter moves.
    const again = await call('/api/events', { key, body: batches.flat() });
    expect(again.body).toEqual({ accepted: 0, duplicates: sent, rejected: [] });
    expect(await stored()).toEqual(first);
  });
});
