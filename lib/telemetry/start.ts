// OpenTelemetry traces, started by a server process (lib/runtime/server-start.ts) only when an
// OTLP endpoint is configured. Each web process of a cluster starts its own provider and exports
// its own spans (node:cluster shares the port, not the memory). Pieces, each the project's own
// library: @opentelemetry/sdk-trace (provider, sampler, batching), context-async-hooks (the
// active span follows the request across awaits), core's W3C propagator (a caller's
// `traceparent` continues its trace, which Next.js reads through the global propagator), and the
// OTLP/HTTP exporters (protobuf, the specification's default, or JSON).
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { type Env, env } from '@/lib/config/env';
import { onShutdown } from '@/lib/runtime/shutdown';
import { requestsOnly, samplerFor } from './sampler';
import { scrubQueries } from './scrub';
import { markTracingOn } from './span';

/** Traces are on when an OTLP endpoint is set and neither switch turns them off. */
export function tracingConfigured(config: Env): boolean {
  const endpoint = config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? config.OTEL_EXPORTER_OTLP_ENDPOINT;
  return endpoint !== undefined && !config.OTEL_SDK_DISABLED && config.OTEL_TRACES_EXPORTER === 'otlp';
}

function exporterFor(config: Env) {
  const protocol = config.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? config.OTEL_EXPORTER_OTLP_PROTOCOL;
  // The exporters read the endpoint, headers, timeout and compression from the environment.
  return protocol === 'http/json' ? new JsonExporter() : new ProtobufExporter();
}

/** Starts the trace SDK in this process when configured; false (nothing started) otherwise. */
export function startTracing(): boolean {
  const config = env();
  if (!tracingConfigured(config)) return false;
  const resource = defaultResource()
    .merge(
      resourceFromAttributes({
        'service.name': config.OTEL_SERVICE_NAME,
        'process.pid': process.pid,
        ...(config.SERVER_PROCESS ? { 'verity.server_process': config.SERVER_PROCESS } : {}),
      }),
    )
    // OTEL_RESOURCE_ATTRIBUTES (deployment.environment, say), as the specification has it.
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new TracerProvider({
    resource,
    sampler: requestsOnly(samplerFor(config.OTEL_TRACES_SAMPLER, config.OTEL_TRACES_SAMPLER_ARG)),
    spanProcessors: [
      scrubQueries,
      new BatchSpanProcessor({
        exporter: exporterFor(config),
        scheduledDelayMillis: config.OTEL_BSP_SCHEDULE_DELAY,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  markTracingOn();
  // The spans still in the batch go out before the process exits.
  onShutdown(() => provider.shutdown());
  return true;
}
