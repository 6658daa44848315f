// Next.js's own spans carry the request's target (`http.target`), query string included; a query
// string may hold what a caller typed (an email searched for in the console). Only the path is
// kept: the route and any ids in it, never a parameter's value.
import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';

const URL_ATTRIBUTES = ['http.target', 'http.url', 'url.full', 'url.query'] as const;

function scrub(span: Span): void {
  for (const key of URL_ATTRIBUTES) {
    const value = span.attributes[key];
    if (key === 'url.query' && value !== undefined) span.setAttribute(key, '');
    else if (typeof value === 'string' && value.includes('?'))
      span.setAttribute(key, value.slice(0, value.indexOf('?')));
  }
}

/** Runs before the exporting processor: set at the start (Next.js) or at the end, a query goes. */
export const scrubQueries: SpanProcessor = {
  onStart: (span: Span, _parent: Context) => scrub(span),
  onEnding: (span: Span) => scrub(span),
  onEnd: (_span: ReadableSpan) => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};
