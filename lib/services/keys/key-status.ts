import { EXPIRING_SOON_DAYS, type KeyStatus } from '@/lib/contract/console/keys';

export interface KeyLifecycle {
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Set by a rotation: the key is in its grace period until expiresAt. */
  rotatedToId?: string | null;
}

/** Where a key stands (KeyStatus). */
export function keyStatus(key: KeyLifecycle, now: Date = new Date()): KeyStatus {
  if (key.revokedAt) return 'revoked';
  if (!key.expiresAt) return 'active';
  const left = key.expiresAt.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return key.rotatedToId || left <= EXPIRING_SOON_DAYS * 86_400_000 ? 'expiring' : 'active';
}
