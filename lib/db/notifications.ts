import pg from 'pg';
import type { Database } from './client';

const RECONNECT_MS = 500;

/**
 * Called with a notification's payload, or with null each time LISTEN is (re-)established:
 * whatever was announced while the connection was down was missed, so anything may have changed.
 */
export type NotificationHandler = (payload: string | null) => void;

export interface Subscription {
  /** True while LISTEN on the channel is established: commits announced there reach this process. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/**
 * One dedicated connection per pool that LISTENs on every channel an in-process cache
 * subscribes to (key changes, rollup changes), so a server process holds one such connection
 * beside its pool whatever it caches. Reconnects after losing it; closes with the last subscriber.
 */
export class NotificationHub {
  private client: pg.Client | undefined;
  private passes: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  /** Channels LISTENed on the current connection. */
  private readonly listened = new Set<string>();

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {}

  subscribe(channel: string, handler: NotificationHandler): Subscription {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
    const set = this.handlers.get(channel) ?? new Set();
    set.add(handler);
    this.handlers.set(channel, set);
    void this.ensure();
    const listened = this.listened;
    return {
      get listening() {
        return listened.has(channel);
      },
      close: async () => {
        set.delete(handler);
        if (set.size === 0) this.handlers.delete(channel);
        if (this.handlers.size === 0) await this.disconnect();
      },
    };
  }

  /** Connects if needed, then LISTENs on every channel not yet LISTENed; passes run one at a time. */
  private ensure(): Promise<void> {
    this.passes = this.passes.then(() => this.connectAndListen());
    return this.passes;
  }

  private async connectAndListen(): Promise<void> {
    if (this.handlers.size === 0) return;
    let current = this.client;
    try {
      if (!current) {
        current = new pg.Client(this.config);
        this.client = current;
        this.listened.clear();
        this.watch(current);
        await current.connect();
      }
      const pending = [...this.handlers.keys()].filter((channel) => !this.listened.has(channel));
      for (const channel of pending) {
        await current.query(`LISTEN ${channel}`);
        if (this.client !== current) return;
        this.listened.add(channel);
        for (const handler of this.handlers.get(channel) ?? []) handler(null);
      }
      if (this.handlers.size === 0) await this.disconnect();
    } catch (error) {
      this.onError(error instanceof Error ? error : new Error(String(error)));
      if (current) this.lost(current);
    }
  }

  private watch(client: pg.Client): void {
    client.on('notification', (message) => {
      if (this.client !== client) return;
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (error) => {
      this.onError(error);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
  }

  /** The connection is gone: nothing is heard until a new one LISTENs again. */
  private lost(client: pg.Client): void {
    client.end().catch(() => undefined);
    if (this.client !== client) return;
    this.client = undefined;
    this.listened.clear();
    if (this.handlers.size === 0 || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.ensure();
    }, RECONNECT_MS);
    this.timer.unref();
  }

  /** Stops listening for everyone (the pool is closing). */
  async close(): Promise<void> {
    this.handlers.clear();
    await this.disconnect();
  }

  private async disconnect(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const current = this.client;
    this.client = undefined;
    this.listened.clear();
    await current?.end().catch(() => undefined);
  }
}

/** The pool's connection settings, for the one connection that LISTENs beside it. */
function connectionConfig(db: Database): pg.ClientConfig | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client.options : null;
}

const hubs = new WeakMap<Database, NotificationHub>();

/** Closes the hub of a database whose pool is closing, if it has one. */
export async function closeNotifications(db: Database): Promise<void> {
  await hubs.get(db)?.close();
  hubs.delete(db);
}

/** The hub of a pool-backed database; null for anything else (nothing to LISTEN with). */
export function notificationsFor(db: Database): NotificationHub | null {
  const existing = hubs.get(db);
  if (existing) return existing;
  const config = connectionConfig(db);
  if (!config) return null;
  const hub = new NotificationHub(config);
  hubs.set(db, hub);
  return hub;
}
