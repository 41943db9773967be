/**
 * Serves a request handler (a fake payment provider, lib/sandbox/*) on a free
 * local port for a test, like the real provider's API would be reachable.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeServer = { url: string; close(): Promise<void> };

export async function startFakeServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> | void): Promise<FakeServer> {
  const server = http.createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
