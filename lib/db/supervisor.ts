import type { PostgresExit, PostgresProcess } from './postgres-process';

/**
 * Keeps the embedded PostgreSQL up under a running server: when the postmaster dies it is
 * started again on the same port (crash recovery replays the WAL) after a growing delay, each
 * attempt logged. After `maxRestarts` failures in a row without a stable run it gives up, and the
 * launcher exits non-zero so a service manager can act.
 */

export interface SupervisorEvents {
  /** One line per crash, attempt and recovery. */
  onEvent(line: string): void;
  /** The database could not be brought back. */
  onGiveUp(error: Error): void;
  /** Restarts before giving up (5). */
  maxRestarts?: number;
  /** A run this long (60 s) counts as stable: the next crash starts the backoff over. */
  stableMs?: number;
}

export type Supervisor = (events: SupervisorEvents) => void;

export interface SupervisedCluster {
  supervise: Supervisor;
  /** Stops the supervision, then the cluster (fast shutdown). */
  stop(graceMs?: number): Promise<void>;
}

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 8000;

function exitReason(exit: PostgresExit): string {
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}

export function superviseCluster(options: {
  first: PostgresProcess;
  restart: () => Promise<PostgresProcess>;
}): SupervisedCluster {
  let current = options.first;
  let stopping = false;
  let events: SupervisorEvents | undefined;
  let failures = 0;
  let upSince = Date.now();
  let restarting: Promise<void> | undefined;
  let wake: () => void = () => undefined;

  const recover = async (exit: PostgresExit, config: SupervisorEvents) => {
    const maxRestarts = config.maxRestarts ?? 5;
    if (Date.now() - upSince >= (config.stableMs ?? 60_000)) failures = 0;
    const crashedAt = Date.now();
    config.onEvent(
      `PostgreSQL (PID ${current.pid}) exited unexpectedly (${exitReason(exit)}); restarting it`,
    );
    let lastError: Error | undefined;
    while (!stopping) {
      failures += 1;
      if (failures > maxRestarts) {
        config.onGiveUp(
          new Error(
            `PostgreSQL could not be restarted after ${maxRestarts} attempts. ${lastError?.message ?? current.log()}`,
          ),
        );
        return;
      }
      const delay = Math.min(FIRST_DELAY_MS * 2 ** (failures - 1), MAX_DELAY_MS);
      config.onEvent(`PostgreSQL restart attempt ${failures} of ${maxRestarts} in ${delay} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (stopping) return;
      try {
        current = await options.restart();
      } catch (error) {
        lastError = error instanceof Error ? error : new Error(String(error));
        config.onEvent(`PostgreSQL restart attempt ${failures} failed: ${lastError.message}`);
        continue;
      }
      upSince = Date.now();
      config.onEvent(
        `PostgreSQL is back (PID ${current.pid}, attempt ${failures}, ${Date.now() - crashedAt} ms after the crash)`,
      );
      if (stopping) await current.stop();
      else watch(current);
      return;
    }
  };

  const watch = (postgres: PostgresProcess) => {
    void postgres.exited.then((exit) => {
      if (stopping || postgres !== current || !events) return;
      restarting = recover(exit, events).finally(() => {
        restarting = undefined;
      });
    });
  };

  return {
    supervise: (config) => {
      events = config;
      watch(current);
    },
    stop: async (graceMs?: number) => {
      stopping = true;
      wake();
      await restarting;
      await current.stop(graceMs);
    },
  };
}
