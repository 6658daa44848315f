// Frozen posting lists: every list packed into one Int32Array with offsets (compressed sparse
// rows), so a hundred thousand short lists cost two arrays instead of a hundred thousand.

export class PostingLists<K> {
  private constructor(
    private readonly slots: ReadonlyMap<K, number>,
    private readonly offsets: Int32Array,
    private readonly items: Int32Array,
  ) {}

  static from<K>(lists: ReadonlyMap<K, readonly number[]>): PostingLists<K> {
    const slots = new Map<K, number>();
    const offsets = new Int32Array(lists.size + 1);
    let total = 0;
    for (const list of lists.values()) total += list.length;
    const items = new Int32Array(total);
    let at = 0;
    for (const [key, list] of lists) {
      slots.set(key, slots.size);
      offsets[slots.size - 1] = at;
      items.set(list, at);
      at += list.length;
    }
    offsets[slots.size] = at;
    return new PostingLists(slots, offsets, items);
  }

  static empty<K>(): PostingLists<K> {
    return PostingLists.from(new Map());
  }

  get size(): number {
    return this.slots.size;
  }

  /** The list filed under `key` (a view, not a copy); empty when there is none. */
  get(key: K): Int32Array {
    const slot = this.slots.get(key);
    if (slot === undefined) return EMPTY;
    return this.items.subarray(this.offsets[slot] ?? 0, this.offsets[slot + 1] ?? 0);
  }
}

const EMPTY = new Int32Array(0);
