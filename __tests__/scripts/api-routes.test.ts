import { apiRewrites, toApiRoute } from '../../scripts/api-routes.cjs';

describe('the API addresses the production server maps', () => {
  it.each([
    ['/v1/regal/paginate?page=2', '/api/v1/regal/paginate?page=2'],
    ['/v1', '/api/v1'],
    ['/v1?x=1', '/api/v1?x=1'],
    ['/media/p/a.webp?w=400', '/api/media/p/a.webp?w=400'],
    ['/admin/api/orders', '/api/staff/orders'],
  ])('%s is the route %s', (url, route) => {
    expect(toApiRoute(url)).toBe(route);
  });

  it.each(['/', '/v10/x', '/v1x', '/mediakit', '/admin', '/admin/apix', '/product/v1', '/api/v1/regal/handshake'])('%s stays as it is', (url) => {
    expect(toApiRoute(url)).toBe(url);
  });

  it('gives next dev the same map as rewrites', () => {
    expect(apiRewrites()).toContainEqual({ source: '/admin/api/:path*', destination: '/api/staff/:path*' });
    expect(apiRewrites()).toContainEqual({ source: '/v1', destination: '/api/v1' });
  });
});
