import { logger } from '@/lib/log/logger';
import { safeError } from '@/lib/log/safe-error';

/**
 * Auth.js's messages as structured log lines instead of coloured console text. A refused
 * password is routine (info, no e-mail); anything else is an error worth a look. Auth.js's
 * debug output includes request bodies (passwords), so it is never enabled.
 */
export const authLogger = {
  error(error: Error) {
    // Auth.js errors carry a `type` (CredentialsSignin, JWTSessionError, ...).
    const tagged: unknown = (error as { type?: unknown }).type;
    const type = typeof tagged === 'string' ? tagged : error.name;
    if (type === 'CredentialsSignin') {
      logger().info({ component: 'auth', type }, 'sign-in refused');
      return;
    }
    const cause =
      error.cause instanceof Error ? error.cause : (error.cause as { err?: unknown } | undefined)?.err;
    logger().error(
      {
        component: 'auth',
        type,
        // Adapter errors wrap a failed statement: its parameters never reach the log.
        err: { ...safeError(error), ...(cause instanceof Error ? { cause: safeError(cause) } : {}) },
      },
      'auth error',
    );
  },
  warn(code: string) {
    logger().warn({ component: 'auth', code }, 'auth warning');
  },
  debug() {},
};
