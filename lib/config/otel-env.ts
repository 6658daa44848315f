import { z } from 'zod';

/** The samplers of the OpenTelemetry specification's OTEL_TRACES_SAMPLER. */
export const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

export type TracesSampler = (typeof TRACES_SAMPLERS)[number];

const otlpUrl = z.url({ protocol: /^https?$/ });
const otlpProtocol = z.enum(['http/protobuf', 'http/json'], {
  error: 'must be `http/protobuf` or `http/json` (gRPC is not built in: run a collector beside it)',
});

/**
 * The OpenTelemetry variables the traces read (docs/tracing.md), by their standard names. The
 * exporter itself also reads OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT, _COMPRESSION and the TLS files,
 * and the resource OTEL_RESOURCE_ATTRIBUTES; they are passed through as they are.
 */
export const otelEnvShape = {
  /** `true`: no traces, whatever else is set (the specification's switch). */
  OTEL_SDK_DISABLED: z
    .enum(['true', 'false'], { error: 'must be `true` or `false`' })
    .default('false')
    .transform((value) => value === 'true'),
  /** `otlp` (the default) or `none`. */
  OTEL_TRACES_EXPORTER: z
    .enum(['otlp', 'none'], { error: 'must be `otlp` or `none` (the only trace exporter built in is OTLP)' })
    .default('otlp'),
  /** The collector's base URL (`/v1/traces` is added); traces are off unless this or the next is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl.optional(),
  /** The full traces URL, used as it is. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl.optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(255).default('verity'),
  OTEL_TRACES_SAMPLER: z.enum(TRACES_SAMPLERS).default('parentbased_always_on'),
  /** The ratio of the `traceidratio` samplers, 0 to 1 (default 1). */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  /** Milliseconds between two exports of the finished spans. */
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(0).max(60_000).default(5_000),
};
