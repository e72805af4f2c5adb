import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach: this machine, private networks (our own services and
 * databases), carrier-grade NAT, link-local (cloud metadata at 169.254.169.254), and the
 * reserved, documentation and multicast ranges. BlockList judges an IPv4-mapped IPv6 address
 * (::ffff:10.0.0.1) by its IPv4 address; NAT64 forms are refused whole, since they can name any.
 */
const REFUSED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  REFUSED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  REFUSED.addSubnet(net, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv6 literal as the URL writes it ("[::1]") without its brackets. */
export const unbracket = (host: string): string =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;

/**
 * Why a webhook may not connect to `address`, in the words the delivery log shows; null when it
 * may. Loopback is allowed only with the development switch (a receiver on this machine).
 */
export function refusedAddress(address: string, options: { allowLoopback: boolean }): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, type)) return options.allowLoopback ? null : `${address} is this server itself`;
  if (address === '169.254.169.254') return `${address} is the cloud metadata address`;
  if (REFUSED.check(address, type)) return `${address} is a private or reserved address`;
  return null;
}
