import pg from 'pg';

/**
 * The channel the api_keys and workspaces triggers notify on every change that matters to
 * authentication (migration 0014): revocation, rotation, expiry, scopes, rates, trial quota.
 */
export const KEY_CHANGES_CHANNEL = 'verity_key_changes';

const RECONNECT_MS = 500;

export interface KeyChangeListener {
  /** True while LISTEN is established: announced changes reach this process within milliseconds. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/**
 * Holds one dedicated connection that LISTENs for key changes and calls `onChange` for each,
 * and once every time LISTEN is (re-)established, since changes made while it was down were
 * missed. Reconnects after losing the connection; until then the cache's freshness bound holds.
 */
export function listenForKeyChanges(
  config: pg.ClientConfig,
  onChange: () => void,
  onError: (error: Error) => void = () => undefined,
): KeyChangeListener {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    listening = false;
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, RECONNECT_MS);
    timer.unref();
  };

  const connect = async () => {
    const current = new pg.Client(config);
    client = current;
    current.on('notification', (message) => {
      if (message.channel === KEY_CHANGES_CHANNEL) onChange();
    });
    current.on('error', (error) => {
      onError(error);
      current.end().catch(() => undefined);
      if (client === current) retry();
    });
    current.on('end', () => {
      if (client === current) retry();
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${KEY_CHANGES_CHANNEL}`);
      if (closed) {
        await current.end();
        return;
      }
      listening = true;
      onChange();
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
      current.end().catch(() => undefined);
      if (client === current) retry();
    }
  };

  void connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      listening = false;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
