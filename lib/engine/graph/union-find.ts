/** Disjoint sets over string ids: the clusters a batch of links joins. */
export class UnionFind {
  private readonly parent = new Map<string, string>();

  find(id: string): string {
    let root = id;
    for (
      let next = this.parent.get(root);
      next !== undefined && next !== root;
      next = this.parent.get(root)
    ) {
      root = next;
    }
    // Path compression keeps later finds flat.
    let node = id;
    while (node !== root) {
      const next = this.parent.get(node) ?? root;
      this.parent.set(node, root);
      node = next;
    }
    if (!this.parent.has(root)) this.parent.set(root, root);
    return root;
  }

  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(rb, ra);
  }

  /** Every set with more than one member, as arrays. */
  groups(): string[][] {
    const byRoot = new Map<string, string[]>();
    for (const id of this.parent.keys()) {
      const root = this.find(id);
      byRoot.set(root, [...(byRoot.get(root) ?? []), id]);
    }
    return [...byRoot.values()].filter((g) => g.length > 1);
  }
}
