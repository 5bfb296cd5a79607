/**
 * The app on a real socket, for tests of many requests at once: each request on a TCP connection of
 * its own, sent from a loopback address the test picks (127.0.0.0/8 all reaches the server), which is
 * the client address the server's per-address limits see.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { App } from '../app.ts';

export interface ServedApp {
  /** Answers the status and the headers of a JSON POST sent from `from` (a 127.x.y.z address). */
  post(path: string, body: unknown, from: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

export async function serveApp(app: App): Promise<ServedApp> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    post: (path, body, from) =>
      new Promise((resolve, reject) => {
        const payload = JSON.stringify(body);
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'POST',
            localAddress: from,
            agent: false,
            headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        (server as http.Server).closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
