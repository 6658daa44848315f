export * from './api-keys';
export * from './audit-log';
export * from './identifiers';
export * from './observations';
export * from './rate-limit-buckets';
export * from './session-calls';
export * from './sessions';
export * from './workspaces';
