/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and WASM packages stay outside the server bundle and load from node_modules.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'sharp'],
  async rewrites() {
    return [
      { source: '/v1/:path*', destination: '/api/v1/:path*' },
      { source: '/media/:path*', destination: '/api/media/:path*' },
    ];
  },
};

module.exports = nextConfig;
