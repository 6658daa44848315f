import { describe, expect, it } from 'vitest';
import { visibleComponent } from '@/lib/engine/graph/visible-component';

describe('visibleComponent', () => {
  // A stored cluster a-b-c-d joined by links of several workspaces; the view sees some of them.
  it('is the seeds and whatever the given links connect them to', () => {
    const links = [
      { a: 'a', b: 'b' },
      { a: 'c', b: 'd' },
    ];
    expect([...visibleComponent(['a'], links)].sort()).toEqual(['a', 'b']);
    expect([...visibleComponent(['d'], links)].sort()).toEqual(['c', 'd']);
    expect([...visibleComponent(['a', 'c'], links)].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('follows chains of any length and keeps a seed without links', () => {
    const chain = [
      { a: 'x', b: 'y' },
      { a: 'y', b: 'z' },
      { a: 'z', b: 'w' },
    ];
    expect([...visibleComponent(['w'], chain)].sort()).toEqual(['w', 'x', 'y', 'z']);
    expect([...visibleComponent(['lone'], chain)]).toEqual(['lone']);
    expect([...visibleComponent([], chain)]).toEqual([]);
  });
});
