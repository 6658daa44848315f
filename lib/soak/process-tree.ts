import { readdirSync, readFileSync } from 'node:fs';

// Memory of a process and all its descendants, from /proc (Linux). PostgreSQL's backends share
// its buffers, so each process counts its proportional share (Pss), not its whole RSS: the sum is
// what the tree really holds. Falls back to RSS where smaps_rollup cannot be read.

export interface TreeMemory {
  /** The Node.js processes (the launcher and the Next.js server), in bytes. */
  nodeBytes: number;
  /** The embedded PostgreSQL and its backends, in bytes. */
  postgresBytes: number;
  totalBytes: number;
  processes: number;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Parent of each live process. */
function parents(): Map<number, number> {
  const result = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readText(`/proc/${name}/stat`);
    // The command may hold spaces and parentheses: the fields start after its last ')'.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(fields?.[1]);
    if (Number.isInteger(parent)) result.set(Number(name), parent);
  }
  return result;
}

/** The pid and every descendant. */
export function processTree(root: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const [pid, parent] of parents()) byParent.set(parent, [...(byParent.get(parent) ?? []), pid]);
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    tree.push(pid);
    queue.push(...(byParent.get(pid) ?? []));
  }
  return tree;
}

function kilobytes(text: string | null, field: string): number | null {
  const match = text?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return match?.[1] ? Number(match[1]) : null;
}

/** Memory of the tree rooted at `root`; null when the root no longer exists. */
export function treeMemory(root: number): TreeMemory | null {
  if (readText(`/proc/${root}/stat`) === null) return null;
  const memory: TreeMemory = { nodeBytes: 0, postgresBytes: 0, totalBytes: 0, processes: 0 };
  for (const pid of processTree(root)) {
    const status = readText(`/proc/${pid}/status`);
    if (status === null) continue;
    const kb = kilobytes(readText(`/proc/${pid}/smaps_rollup`), 'Pss') ?? kilobytes(status, 'VmRSS') ?? 0;
    const name = status.match(/^Name:\s+(.*)$/m)?.[1] ?? '';
    const bytes = kb * 1024;
    if (name === 'postgres') memory.postgresBytes += bytes;
    else if (name === 'node' || name.startsWith('next-server') || name === 'MainThread')
      memory.nodeBytes += bytes;
    memory.totalBytes += bytes;
    memory.processes += 1;
  }
  return memory;
}
