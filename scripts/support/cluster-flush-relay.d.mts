// Types of cluster-flush-relay.mjs (plain JavaScript: the cluster's primary runs without tsx).
// Only what the relay uses of node:cluster's Cluster and Worker, which satisfy these.

export declare const FLUSH_MS: number;

export interface RelayWorker {
  readonly id: number;
  isConnected(): boolean;
  send(message: unknown): unknown;
}

export interface RelayCluster {
  readonly workers?: Record<string, RelayWorker | undefined>;
}

export interface FlushRelay {
  onMessage(worker: RelayWorker, message: unknown): void;
  forget(workerId: number): void;
}

export declare function flushRelay(cluster: RelayCluster): FlushRelay;
