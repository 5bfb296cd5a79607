import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { clientAddress, type TrustProxy } from './caller.ts';

const addressSeen = async (trust: TrustProxy, peer: string, forwarded?: string) => {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, trust)));
  const env = { incoming: { socket: { remoteAddress: peer } } };
  const res = await app.request('/', { headers: forwarded ? { 'X-Forwarded-For': forwarded } : {} }, env);
  return res.text();
};

describe('the client address behind proxies (TRUST_PROXY)', () => {
  it('believes no X-Forwarded-For by default: any client can write one', async () => {
    expect(await addressSeen({ hops: 0 }, '203.0.113.9', '10.0.0.1')).toBe('203.0.113.9');
  });

  it('takes the address the trusted hops appended, never what the client wrote to the left of it', async () => {
    expect(await addressSeen({ hops: 1 }, '127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    expect(await addressSeen({ hops: 1 }, '127.0.0.1', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await addressSeen({ hops: 2 }, '127.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
    // Fewer entries than hops: the leftmost there is.
    expect(await addressSeen({ hops: 3 }, '127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    expect(await addressSeen({ hops: 1 }, '::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('with proxy addresses, skips only those proxies from the right', async () => {
    const trust = { addresses: ['127.0.0.1', '10.0.0.2'] };
    expect(await addressSeen(trust, '127.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(await addressSeen(trust, '203.0.113.9', '10.0.0.2')).toBe('203.0.113.9');
  });

  it('reads TRUST_PROXY as hops or addresses, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({}).trustProxy).toEqual({ hops: 0 });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, ::1' }).trustProxy).toEqual({ addresses: ['127.0.0.1', '::1'] });
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY: "proxy.local" is not a number of hops nor an IP address/);
  });
});
