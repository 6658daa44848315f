/**
 * The web server processes of one `npm start` (SERVER_PROCESSES > 1, scripts/support/
 * server-cluster.mjs) keep counts in memory that a reader must see whole (API usage). A reader
 * flushes its own process and asks the cluster's primary, over node:cluster's IPC channel, to
 * have every sibling flush; the primary answers once they all did, or after its bound. A process
 * outside a cluster (one server, a CLI, a test) has no channel and no siblings.
 * The registry lives on globalThis: Next.js may bundle this module more than once in a process.
 */
import { randomUUID } from 'node:crypto';

/** Messages shared with scripts/support/server-cluster.mjs. */
export const FLUSH_SIBLINGS = 'verity:flush-siblings';
export const SIBLINGS_FLUSHED = 'verity:siblings-flushed';
export const FLUSH = 'verity:flush';
export const FLUSHED = 'verity:flushed';
/** A reader waits this long at most; the primary's own bound is shorter. */
const WAIT_MS = 1_500;

type Task = () => Promise<void>;
interface Message {
  type?: unknown;
  id?: unknown;
}
interface Registry {
  tasks: Set<Task>;
  waiting: Map<string, () => void>;
  installed: boolean;
}

const KEY = Symbol.for('verity.sibling-flush');

function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry };
  holder[KEY] ??= { tasks: new Set(), waiting: new Map(), installed: false };
  return holder[KEY];
}

const inCluster = () =>
  typeof process.send === 'function' && process.connected && !!process.env.SERVER_PROCESS;

function install(current: Registry): void {
  if (current.installed || !inCluster()) return;
  current.installed = true;
  process.on('message', (message: Message) => {
    if (typeof message?.id !== 'string') return;
    const id = message.id;
    if (message.type === FLUSH) {
      const tasks = [...current.tasks].map((task) => task().catch(() => undefined));
      void Promise.all(tasks).then(() => process.send?.({ type: FLUSHED, id }));
    } else if (message.type === SIBLINGS_FLUSHED) {
      current.waiting.get(id)?.();
    }
  });
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
    process.send?.({ type: FLUSH_SIBLINGS, id });
  });
}
