/**
 * A local HTTP listener for the fetch tests: answers with a handler and counts every TCP connection
 * it accepts, so a test can prove that a refused address was never connected to. It listens on `::`
 * (dual stack), so 127.0.0.1, ::1 and ::ffff:127.0.0.1 all reach it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestListener {
  port: number;
  /** TCP connections accepted so far. */
  connections: () => number;
  close: () => Promise<void>;
}

export async function startListener(handler: http.RequestListener): Promise<TestListener> {
  let connections = 0;
  const server = http.createServer(handler);
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
