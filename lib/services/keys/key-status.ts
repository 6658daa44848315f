export type KeyStatus = 'active' | 'expiring' | 'expired' | 'revoked';

export interface KeyLifecycle {
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/**
 * Where a key stands: revoked (soft, immediate), expired (its rotation grace period is over),
 * expiring (rotated, still accepted until expiresAt) or active.
 */
export function keyStatus(key: KeyLifecycle, now: Date = new Date()): KeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt) return key.expiresAt.getTime() <= now.getTime() ? 'expired' : 'expiring';
  return 'active';
}
