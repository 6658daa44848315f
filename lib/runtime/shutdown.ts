/**
 * Work a server process must finish before it exits (flushing in-memory counters). Next.js
 * answers SIGTERM by draining requests and then calling process.exit itself, so a task cannot
 * simply listen for the signal: once a signal arrives, process.exit is held until the tasks have
 * run (at most SHUTDOWN_TASKS_MS), after the drain, so the requests it finished are counted too.
 * The registry lives on globalThis: Next.js may bundle this module more than once in a process.
 */
export const SHUTDOWN_TASKS_MS = 2_000;

type Task = () => Promise<void>;
interface Registry {
  tasks: Set<Task>;
  installed: boolean;
}

const KEY = Symbol.for('verity.shutdown-tasks');

function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry };
  holder[KEY] ??= { tasks: new Set(), installed: false };
  return holder[KEY];
}

/** Runs every task, each failure ignored, within the bound. */
export async function runShutdownTasks(): Promise<void> {
  const tasks = [...registry().tasks].map((task) => task().catch(() => undefined));
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SHUTDOWN_TASKS_MS);
    timer.unref();
  });
  await Promise.race([Promise.all(tasks), bound]);
  clearTimeout(timer);
}

function holdExit(): void {
  const exit = process.exit.bind(process);
  let exiting = false;
  process.exit = ((code?: number | string | null) => {
    if (exiting) return exit(code);
    exiting = true;
    void runShutdownTasks().finally(() => exit(code));
    return undefined as never;
  }) as typeof process.exit;
}

/** Registers a task to run before this process exits on SIGTERM or SIGINT; returns its removal. */
export function onShutdown(task: Task): () => void {
  const current = registry();
  current.tasks.add(task);
  if (!current.installed) {
    current.installed = true;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        holdExit();
        // Nobody else handles the signal (a script, not Next.js): exit as the default would.
        if (process.listenerCount(signal) === 0) process.exit(signal === 'SIGTERM' ? 143 : 130);
      });
    }
  }
  return () => current.tasks.delete(task);
}
