// The cluster primary's relay of usage-flush requests (scripts/support/cluster-flush-relay.mjs),
// driven with stand-in workers that record what they are sent: who is asked, and when the asker
// is told its siblings flushed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_MS, flushRelay } from '../../scripts/support/cluster-flush-relay.mjs';

interface FakeWorker {
  id: number;
  sent: unknown[];
  connected: boolean;
  isConnected(): boolean;
  send(message: unknown): void;
}

function fakeWorker(id: number): FakeWorker {
  const worker: FakeWorker = {
    id,
    sent: [],
    connected: true,
    isConnected: () => worker.connected,
    send: (message) => worker.sent.push(message),
  };
  return worker;
}

function setUp(count: number) {
  const workers = Array.from({ length: count }, (_, i) => fakeWorker(i + 1));
  const cluster = { workers: Object.fromEntries(workers.map((w) => [w.id, w])) };
  const relay = flushRelay(cluster);
  const [first, second, third] = workers;
  if (!first || !second || !third) throw new Error('three workers expected');
  return { relay, first, second, third };
}

const told = (worker: FakeWorker, id: string) =>
  worker.sent.some(
    (m) =>
      (m as { type: string; id: string }).type === 'verity:siblings-flushed' &&
      (m as { id: string }).id === id,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('the primary relays a usage read’s flush request', () => {
  it('asks every ready sibling but the asker, and answers once they all flushed', () => {
    const { relay, first, second, third } = setUp(3);
    for (const worker of [first, second, third]) relay.onMessage(worker, { type: 'verity:flush-ready' });
    relay.onMessage(first, { type: 'verity:flush-siblings', id: 'r1' });
    expect(first.sent).toEqual([]);
    expect(second.sent).toEqual([{ type: 'verity:flush', id: 'r1' }]);
    expect(third.sent).toEqual([{ type: 'verity:flush', id: 'r1' }]);
    relay.onMessage(second, { type: 'verity:flushed', id: 'r1' });
    expect(told(first, 'r1')).toBe(false);
    relay.onMessage(third, { type: 'verity:flushed', id: 'r1' });
    expect(told(first, 'r1')).toBe(true);
  });

  it('neither asks nor waits for a process that keeps no counts, nor a disconnected one', () => {
    const { relay, first, second, third } = setUp(3);
    relay.onMessage(first, { type: 'verity:flush-ready' });
    relay.onMessage(third, { type: 'verity:flush-ready' });
    third.connected = false;
    relay.onMessage(first, { type: 'verity:flush-siblings', id: 'r2' });
    expect(second.sent).toEqual([]);
    expect(third.sent).toEqual([]);
    expect(told(first, 'r2')).toBe(true);
  });

  it('stops waiting for a sibling that exits, and answers at FLUSH_MS for one that never does', () => {
    vi.useFakeTimers();
    const { relay, first, second, third } = setUp(3);
    for (const worker of [first, second, third]) relay.onMessage(worker, { type: 'verity:flush-ready' });
    relay.onMessage(first, { type: 'verity:flush-siblings', id: 'r3' });
    relay.forget(second.id);
    expect(told(first, 'r3')).toBe(false);
    vi.advanceTimersByTime(FLUSH_MS - 1);
    expect(told(first, 'r3')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(told(first, 'r3')).toBe(true);
    // A late answer changes nothing and is not sent twice.
    relay.onMessage(third, { type: 'verity:flushed', id: 'r3' });
    expect(first.sent.filter((m) => (m as { id?: string }).id === 'r3')).toHaveLength(1);
  });

  it('ignores messages that are not its own', () => {
    const { relay, first, second } = setUp(3);
    relay.onMessage(first, { type: 'verity:flush-ready' });
    for (const message of [null, 'text', { type: 'other', id: 'x' }, { type: 'verity:flush-siblings' }])
      relay.onMessage(second, message);
    expect(first.sent).toEqual([]);
  });
});
