// The password policy's numbers, apart from its estimator so the browser can show them without
// loading zxcvbn's dictionaries (lib/auth/password-policy.ts).

/**
 * NIST SP 800-63B-4 §3.1.1.2: at least 15 characters for a password that is the only factor (the
 * console has no second factor yet), and at least 64 allowed; we take up to 256.
 */
export const MIN_PASSWORD_LENGTH = 15;
export const MAX_PASSWORD_LENGTH = 256;
