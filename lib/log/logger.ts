import pino from 'pino';
import { env } from '@/lib/config/env';

// PII never reaches the logs: request bodies, emails, phones, SSNs and keys are censored
// wherever they appear in a logged object.
const REDACT_PATHS = [
  'req.headers.authorization',
  'headers.authorization',
  'authorization',
  'key',
  'secret',
  'body',
  '*.email',
  '*.emails',
  '*.phone',
  '*.phones',
  '*.ssns',
  '*.ssn',
  'email',
  'emails',
  'phone',
  'phones',
  'ssns',
  'ssn',
  'password',
  '*.password',
];

let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  if (!instance) {
    instance = pino({
      level: env().LOG_LEVEL,
      base: { service: 'verity' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    });
  }
  return instance;
}
