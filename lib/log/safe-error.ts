// What of an error may be logged: its name, message, code, the SQL text of a failed statement
// and a stack, never the statement's parameters (phones, names, addresses, IPs) nor Postgres's
// `detail`/`where`, which quote the offending row's values.

export interface LoggedError {
  name: string;
  message: string;
  code?: string;
  /** The SQL text of a failed statement (placeholders, no values). */
  query?: string;
  stack?: string;
  cause?: LoggedError;
}

/** Causes followed at most: drizzle wraps pg's error once, pg-pool rarely more. */
const MAX_DEPTH = 3;

// drizzle's DrizzleQueryError message is `Failed query: <sql>\nparams: <values>`.
const PARAMS_LINE = /\n\s*params:[\s\S]*$/;
// pg quotes the rejected value in a few messages (`invalid input syntax for type uuid: "…"`).
const QUOTED_VALUE = /: "[^"]*"/g;

export function safeMessage(message: string): string {
  return message.replace(PARAMS_LINE, '').replace(QUOTED_VALUE, ': "[redacted]"');
}

/** The stack's frames under the safe message (the first line of a V8 stack repeats the message). */
function safeStack(error: Error, message: string): string | undefined {
  if (!error.stack) return undefined;
  const frames = error.stack.indexOf('\n    at ');
  return `${error.name}: ${message}${frames === -1 ? '' : error.stack.slice(frames)}`;
}

export function safeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return {
      name: typeof error,
      message: safeMessage(typeof error === 'string' ? error : 'non-error thrown'),
    };
  }
  const fields = error as Error & { code?: unknown; query?: unknown; cause?: unknown };
  const message = safeMessage(error.message);
  const logged: LoggedError = { name: error.name, message };
  if (typeof fields.code === 'string') logged.code = fields.code;
  if (typeof fields.query === 'string') logged.query = fields.query;
  const stack = safeStack(error, message);
  if (stack) logged.stack = stack;
  if (fields.cause !== undefined && depth < MAX_DEPTH) logged.cause = safeError(fields.cause, depth + 1);
  return logged;
}

/** pino's serializer for `err`/`error`: an Error through safeError, anything else as given (redacted by path). */
export function errorSerializer(value: unknown): unknown {
  return value instanceof Error ? safeError(value) : value;
}
