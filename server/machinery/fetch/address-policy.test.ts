import { describe, expect, it } from 'vitest';
import { blockedAddressReason, isPublicAddress } from './address-policy.ts';

describe('address policy', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT'], // Alibaba Cloud's metadata
    ['100.127.255.255', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'], // AWS, GCP, Azure metadata
    ['169.254.0.1', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.192', 'IETF protocol assignments'], // Oracle Cloud's metadata
    ['192.0.2.5', 'documentation'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['168.63.129.16', 'metadata'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'embedded IPv4 loopback'],
    ['::ffff:7f00:1', 'embedded IPv4 loopback'],
    ['::ffff:169.254.169.254', 'embedded IPv4 link-local'],
    ['::ffff:10.0.0.1', 'embedded IPv4 private'],
    ['::ffff:0:127.0.0.1', 'embedded IPv4 loopback'],
    ['64:ff9b::7f00:1', 'embedded IPv4 loopback'],
    ['64:ff9b::192.168.0.1', 'embedded IPv4 private'],
    ['2002:7f00:1::', '6to4 embedded IPv4 loopback'],
    ['2002:a9fe:a9fe::1', '6to4 embedded IPv4 link-local'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['fd00:ec2::254', 'not global unicast'], // AWS metadata over IPv6
    ['fc00::1', 'not global unicast'],
    ['fe80::1', 'not global unicast'],
    ['fe80::1%eth0', 'not global unicast'],
    ['fec0::1', 'not global unicast'],
    ['ff02::1', 'not global unicast'],
    ['100::1', 'not global unicast'],
    ['64:ff9b:1::1', 'not global unicast'],
    ['2001:db8::1', 'documentation'],
    ['2001:0:4136:e378::1', 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
    ['2001:2::1', 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
    ['3fff::1', 'documentation'],
    ['localhost', 'not an IP address'],
    ['', 'not an IP address'],
    ['127.1', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.1',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(blockedAddressReason(address)).toBeUndefined();
    expect(isPublicAddress(address)).toBe(true);
  });
});
