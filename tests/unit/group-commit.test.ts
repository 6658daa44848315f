// Issue 12, item 3: the application's group commit (lib/db/group-commit.ts), with a commit
// function that records its batches instead of a database.
import { describe, expect, it } from 'vitest';
import { GroupCommit } from '@/lib/db/group-commit';

const tick = () => new Promise((r) => setTimeout(r, 5));

function recorder(fail: (write: number) => boolean = () => false) {
  const batches: number[][] = [];
  const committed: number[] = [];
  const commit = async (writes: number[]) => {
    batches.push([...writes]);
    await tick();
    if (writes.some(fail)) throw new Error(`bad write in ${writes.join(',')}`);
    committed.push(...writes);
    return writes.map((w) => w * 10);
  };
  return { batches, committed, commit };
}

describe('GroupCommit', () => {
  it('commits writes submitted together in one batch and answers each caller with its own result', async () => {
    const r = recorder();
    const group = new GroupCommit(r.commit, { maxBatch: 64, maxInFlight: 1 });
    const results = await Promise.all([1, 2, 3, 4, 5].map((w) => group.submit(w)));
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(r.batches).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('gathers the writes that arrive while a batch commits into the next batch', async () => {
    const r = recorder();
    const group = new GroupCommit(r.commit, { maxBatch: 64, maxInFlight: 1 });
    const first = group.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    // Batch [1] is committing now; these three wait for it, then go as one.
    const later = [2, 3, 4].map((w) => group.submit(w));
    expect(group.waiting).toBe(3);
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30, 40]);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('never puts more than maxBatch writes in one batch, nor runs more than maxInFlight at once', async () => {
    const r = recorder();
    let running = 0;
    let most = 0;
    const group = new GroupCommit(
      async (writes: number[]) => {
        running++;
        most = Math.max(most, running);
        const out = await r.commit(writes);
        running--;
        return out;
      },
      { maxBatch: 4, maxInFlight: 2 },
    );
    const all = Array.from({ length: 18 }, (_, i) => i + 1);
    expect(await Promise.all(all.map((w) => group.submit(w)))).toEqual(all.map((w) => w * 10));
    expect(Math.max(...r.batches.map((b) => b.length))).toBe(4);
    expect(r.batches.flat().sort((a, b) => a - b)).toEqual(all);
    expect(most).toBe(2);
  });

  it('a failing write fails only its own caller: the batch is retried write by write', async () => {
    const r = recorder((w) => w === 3);
    const group = new GroupCommit(r.commit, { maxBatch: 64, maxInFlight: 1 });
    const settled = await Promise.allSettled([1, 2, 3, 4].map((w) => group.submit(w)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(settled[2]).toMatchObject({ status: 'rejected', reason: new Error('bad write in 3') });
    // The failed batch committed nothing; each good write committed exactly once, alone.
    expect(r.committed.sort()).toEqual([1, 2, 4]);
    expect(r.batches[0]).toEqual([1, 2, 3, 4]);
  });

  it('keeps committing after a failure (the queue does not stall)', async () => {
    const r = recorder((w) => w === 1);
    const group = new GroupCommit(r.commit, { maxBatch: 64, maxInFlight: 1 });
    await expect(group.submit(1)).rejects.toThrow('bad write in 1');
    expect(await group.submit(2)).toBe(20);
  });
});
