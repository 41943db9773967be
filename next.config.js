/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // A separate build folder lets tools build and serve side by side (e.g. NEXT_DIST_DIR=.next-bench).
  distDir: process.env.NEXT_DIST_DIR || '.next',
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
