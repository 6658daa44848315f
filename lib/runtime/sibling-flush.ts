/**
 * The web server processes of one `npm start` (SERVER_PROCESSES > 1, scripts/support/
 * server-cluster.mjs) keep counts in memory that a reader must see whole (API usage). A reader
 * flushes its own process and asks the cluster's primary, over node:cluster's IPC channel, to
 * have every sibling flush; the primary answers once they all did, or after its bound. A process
 * outside a cluster (one server, a CLI, a test) has no channel and no siblings.
 * The registry lives on globalThis: Next.js may bundle this module more than once in a process.
 */
import { randomUUID } from 'node:crypto';

/** A reader waits this long at most; the primary's own bound (cluster-flush-relay.mjs) is 3 s. */
const WAIT_MS = 3_500;

type Task = () => Promise<void>;
interface Registry {
  tasks: Set<Task>;
  waiting: Map<string, () => void>;
  installed: boolean;
}

/** The messages of scripts/support/cluster-flush-relay.mjs this side receives. */
interface RelayMessage {
  type: 'verity:flush' | 'verity:siblings-flushed';
  id: string;
}

function isRelayMessage(message: unknown): message is RelayMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { type, id } = message as Record<string, unknown>;
  return (type === 'verity:flush' || type === 'verity:siblings-flushed') && typeof id === 'string';
}

const KEY = Symbol.for('verity.sibling-flush');

function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry };
  holder[KEY] ??= { tasks: new Set(), waiting: new Map(), installed: false };
  return holder[KEY];
}

const inCluster = () =>
  typeof process.send === 'function' && process.connected && !!process.env.SERVER_PROCESS;

/** To the primary, unless the channel closed meanwhile (a send on a closed one throws). */
function tell(message: { type: string; id?: string }): void {
  if (process.connected) process.send?.(message);
}

function install(current: Registry): void {
  if (current.installed || !inCluster()) return;
  current.installed = true;
  process.on('message', (message: unknown) => {
    if (!isRelayMessage(message)) return;
    const { id } = message;
    if (message.type === 'verity:flush') {
      const tasks = [...current.tasks].map((task) => task().catch(() => undefined));
      void Promise.all(tasks).then(() => tell({ type: 'verity:flushed', id }));
    } else {
      current.waiting.get(id)?.();
    }
  });
  // From now on the primary asks this process too when another one reads.
  tell({ type: 'verity:flush-ready' });
}

/** Registers what this process runs when a sibling's reader asks (its counter's flush). */
export function onSiblingFlush(task: Task): void {
  const current = registry();
  current.tasks.add(task);
  install(current);
}

/** Resolves once every sibling process flushed (or at the bound); at once outside a cluster. */
export function flushSiblings(): Promise<void> {
  const current = registry();
  if (!inCluster()) return Promise.resolve();
  install(current);
  const id = randomUUID();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      current.waiting.delete(id);
      resolve();
    };
    const timer = setTimeout(done, WAIT_MS);
    current.waiting.set(id, done);
    tell({ type: 'verity:flush-siblings', id });
  });
}
