// Issue 36, traces: the OpenTelemetry variables are validated with the rest of the environment
// (a typo fails the start instead of silently tracing nothing), traces start only with an OTLP
// endpoint, the sampler variables mean what the specification says, and no query string (which
// may hold what a caller searched for) leaves in a span.
import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { envSchema } from '@/lib/config/env';
import { requestsOnly, samplerFor } from '@/lib/telemetry/sampler';
import { scrubQueries } from '@/lib/telemetry/scrub';
import { tracingConfigured } from '@/lib/telemetry/start';

const issues = (variables: Record<string, string>) => {
  const parsed = envSchema.safeParse(variables);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('OTEL_* variables', () => {
  it('turn traces on only with an OTLP endpoint, and off with either switch', () => {
    const on = (variables: Record<string, string>) => tracingConfigured(envSchema.parse(variables));
    expect(on({})).toBe(false);
    expect(on({ OTEL_SERVICE_NAME: 'verity-eu' })).toBe(false);
    expect(on({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(on({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector:4318/v1/traces' })).toBe(true);
    expect(on({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(
      false,
    );
    expect(on({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(
      false,
    );
  });

  it('have the specification defaults', () => {
    expect(envSchema.parse({})).toMatchObject({
      OTEL_SERVICE_NAME: 'verity',
      OTEL_TRACES_SAMPLER: 'parentbased_always_on',
      OTEL_BSP_SCHEDULE_DELAY: 5000,
      OTEL_SDK_DISABLED: false,
    });
  });

  it('refuse what would silently trace nothing', () => {
    expect(issues({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toHaveLength(1);
    expect(issues({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })[0]).toMatch(/gRPC is not built in/);
    expect(issues({ OTEL_TRACES_SAMPLER: 'sometimes' })[0]).toMatch(/^OTEL_TRACES_SAMPLER/);
    expect(issues({ OTEL_TRACES_SAMPLER_ARG: '1.5' })[0]).toMatch(/^OTEL_TRACES_SAMPLER_ARG/);
    expect(issues({ OTEL_TRACES_EXPORTER: 'zipkin' })[0]).toMatch(/only trace exporter built in is OTLP/);
    expect(issues({ OTEL_SDK_DISABLED: 'yes' })[0]).toMatch(/^OTEL_SDK_DISABLED/);
  });
});

/** A provider of the real SDK whose finished spans are kept in memory. */
function provider(sampler = samplerFor('always_on')) {
  const exporter = new InMemorySpanExporter();
  const sdk = new TracerProvider({
    sampler,
    spanProcessors: [scrubQueries, new SimpleSpanProcessor({ exporter })],
  });
  const finished = async () => {
    await sdk.forceFlush();
    return exporter.getFinishedSpans();
  };
  return { tracer: sdk.getTracer('test'), finished };
}

describe('samplers', () => {
  it('traceidratio 0 records nothing; always_on everything', async () => {
    for (const [name, ratio, count] of [
      ['traceidratio', 0, 0],
      ['traceidratio', 1, 20],
      ['always_on', undefined, 20],
      ['always_off', undefined, 0],
    ] as const) {
      const { tracer, finished } = provider(samplerFor(name, ratio));
      for (let i = 0; i < 20; i++) tracer.startSpan('s').end();
      expect(await finished(), `${name} ${ratio}`).toHaveLength(count);
    }
  });

  it("parentbased_always_off follows a caller's sampled trace and starts none of its own", async () => {
    const { tracer, finished } = provider(samplerFor('parentbased_always_off'));
    tracer.startSpan('own root').end();
    const caller = trace.setSpanContext(context.active(), {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: 1,
      isRemote: true,
    });
    tracer.startSpan('under the caller', {}, caller).end();
    expect((await finished()).map((s) => s.name)).toEqual(['under the caller']);
  });
});

describe("Next.js's spans", () => {
  it('are recorded within a request, not as traces of their own outside one', async () => {
    const { tracer, finished } = provider(requestsOnly(samplerFor('parentbased_always_on')));
    const next = (type: string) => ({ 'next.span_category': 'nextjs', 'next.span_type': type });
    tracer.startSpan('load route module', { attributes: next('LoadComponents.loadRouteModule') }).end();
    tracer.startSpan('register instrumentation', { attributes: next('Instrumentation.register') }).end();
    const request = tracer.startSpan('POST /api/verify', { attributes: next('BaseServer.handleRequest') });
    // No context manager in this test: the request's span is passed as the parent.
    const inRequest = trace.setSpan(context.active(), request);
    tracer
      .startSpan('load route module', { attributes: next('LoadComponents.loadRouteModule') }, inRequest)
      .end();
    tracer.startSpan('verify', {}, inRequest).end();
    request.end();
    tracer.startSpan('a span of the application').end();
    expect((await finished()).map((s) => s.name)).toEqual([
      'load route module',
      'verify',
      'POST /api/verify',
      'a span of the application',
    ]);
  });
});

describe('query strings', () => {
  it('are cut from the URL attributes, whether set at the start or the end of a span', async () => {
    const { tracer, finished } = provider();
    const span = tracer.startSpan('GET /console/sessions', {
      attributes: { 'http.target': '/console/sessions?email=jane.doe%40gmail.com', 'http.method': 'GET' },
    });
    span.setAttributes({
      'http.url': 'http://verity:3000/api/x?phone=%2B14155552671',
      'url.query': 'q=jane',
    });
    span.end();
    const [ended] = await finished();
    expect(ended?.attributes).toEqual({
      'http.target': '/console/sessions',
      'http.method': 'GET',
      'http.url': 'http://verity:3000/api/x',
      'url.query': '',
    });
  });
});
