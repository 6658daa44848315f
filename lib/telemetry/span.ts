// Spans around the service layer's steps, through @opentelemetry/api alone (no SDK here). With no
// exporter configured the SDK is never started and `traced` calls its function directly: no span
// object, no context switch, nothing to measure. The switch lives on globalThis because Next.js
// bundles the instrumentation hook and the routes apart, each with its own copy of this module.
import { type Attributes, type Span, SpanStatusCode, trace } from '@opentelemetry/api';

const KEY = Symbol.for('verity.tracing');
const holder = globalThis as { [KEY]?: boolean };

/** Called once the tracer provider is registered (lib/telemetry/start.ts). */
export function markTracingOn(): void {
  holder[KEY] = true;
}

/** What a traced step may add to its span once it knows its result. */
export interface SpanAttributes {
  set(attributes: Attributes): void;
}

const NONE: SpanAttributes = { set: () => undefined };

const spanAttributes = (span: Span): SpanAttributes => ({
  set: (attributes) => span.setAttributes(attributes),
});

/**
 * Runs `step` inside a span named `name`, a child of the active one (the request's, or a
 * caller's `traceparent`). A failure marks the span with the error's class name only: a message
 * (a database's, say) may quote the applicant's data, which must never leave in a trace.
 */
export function traced<T>(
  name: string,
  attributes: Attributes,
  step: (span: SpanAttributes) => Promise<T>,
): Promise<T> {
  if (holder[KEY] !== true) return step(NONE);
  return trace.getTracer('verity').startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await step(spanAttributes(span));
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute('error.type', error instanceof Error ? error.name : typeof error);
      throw error;
    } finally {
      span.end();
    }
  });
}
