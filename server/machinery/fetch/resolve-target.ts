/**
 * One hop of the SSRF guard: which addresses a URL's host stands for, each checked against the
 * address policy before any connection is made. The caller connects to these very addresses, so a
 * second DNS answer (rebinding) never reaches the socket.
 */
import dns from 'node:dns';
import net from 'node:net';
import { blockedAddressReason } from './address-policy.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Turns a host name into addresses; tests inject their own. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Why a hop was refused; the message is for logs, never for users. `hostPort` is what FETCH_ALLOW_HOSTS would name. */
export class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
  constructor(
    message: string,
    readonly hostPort?: string,
  ) {
    super(message);
  }
}

/** `host:port` as FETCH_ALLOW_HOSTS writes it (IPv6 in brackets, default ports filled in). */
export function hostPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

/**
 * The addresses to connect to for `url`. Every address must pass the policy unless the URL's
 * host:port is in `allowHosts`; one failing address refuses the whole host.
 */
export async function resolveTarget(
  url: URL,
  allowHosts: readonly string[],
  resolver: HostResolver,
): Promise<ResolvedAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host);
  const addresses: ResolvedAddress[] = literal ? [{ address: host, family: literal === 6 ? 6 : 4 }] : await resolver(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (allowHosts.includes(hostPort(url))) return addresses;
  for (const { address } of addresses) {
    const reason = blockedAddressReason(address);
    if (reason) throw new BlockedAddressError(`${url.host} resolves to ${address}, a blocked address (${reason})`, hostPort(url));
  }
  return addresses;
}
