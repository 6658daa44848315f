import pino from 'pino';
import { env } from '@/lib/config/env';
import { errorSerializer } from './safe-error';

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
  // A failed statement's values (drizzle's DrizzleQueryError.params, pg's detail), wherever logged.
  'params',
  '*.params',
  '*.*.params',
  'parameters',
  '*.parameters',
  '*.*.parameters',
  '*.detail',
  '*.*.detail',
];

let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  if (!instance) {
    const config = env();
    instance = pino({
      level: config.LOG_LEVEL,
      // Which of several web server processes (SERVER_PROCESSES) wrote the line.
      base: config.SERVER_PROCESS
        ? { service: 'verity', process: config.SERVER_PROCESS }
        : { service: 'verity' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // Errors are logged through safeError: SQL text and code, never the statement's parameters.
      serializers: { err: errorSerializer, error: errorSerializer },
      timestamp: pino.stdTimeFunctions.isoTime,
    });
  }
  return instance;
}
