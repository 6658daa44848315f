import type { KeyStatus } from '@/lib/contract/console/keys';

export interface KeyLifecycle {
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** Where a key stands (KeyStatus). */
export function keyStatus(key: KeyLifecycle, now: Date = new Date()): KeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt) return key.expiresAt.getTime() <= now.getTime() ? 'expired' : 'expiring';
  return 'active';
}
