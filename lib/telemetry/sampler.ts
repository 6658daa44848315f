// OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG as the OpenTelemetry specification defines them;
// the trace SDK (3.x) no longer reads them itself, it takes a Sampler.
import { trace } from '@opentelemetry/api';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  type Sampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace';
import type { TracesSampler } from '@/lib/config/otel-env';

export function samplerFor(name: TracesSampler, ratio = 1): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  }
}

/**
 * Next.js's spans outside any request are not recorded: at start each process loads every route
 * module under a root span of its own (about 90 one-span traces per process). Its spans of a
 * request (the HTTP server span first) go to `inner` as any other.
 */
export function requestsOnly(inner: Sampler): Sampler {
  return {
    shouldSample(context, traceId, name, kind, attributes, links) {
      const outsideRequest =
        trace.getSpanContext(context) === undefined &&
        attributes['next.span_category'] === 'nextjs' &&
        attributes['next.span_type'] !== 'BaseServer.handleRequest';
      return outsideRequest
        ? { decision: SamplingDecision.NOT_RECORD }
        : inner.shouldSample(context, traceId, name, kind, attributes, links);
    },
    toString: () => `RequestsOnly{${inner.toString()}}`,
  };
}
