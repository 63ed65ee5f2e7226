// Decides which addresses of a caller's server (MySQL/MariaDB, MongoDB) the service may connect to. The caller names the host,
// so without this check a request could make the service probe its own network: loopback,
// the VPC, or the cloud metadata endpoint. The host is resolved once here and the
// connection goes to the address that was checked, so a second DNS answer cannot swap it.

import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ServiceError, badRequest, badGateway } from '../errors';

export interface AddressPolicyOptions {
  /** Let callers reach 127.0.0.0/8 and ::1 (local development, tests). */
  allowLoopback?: boolean;
  /** Let callers reach RFC 1918, shared (100.64/10) and unique-local (fc00::/7) addresses. */
  allowPrivate?: boolean;
  /** Resolver seam for tests; defaults to the system resolver (`dns.lookup`, all addresses). */
  lookup?: (host: string) => Promise<ResolvedAddress[]>;
  /** What the caller named, for the messages and codes of refusals; a database by default. */
  subject?: PolicySubject;
}

/** How refusals name the caller's server: in words, in error codes, and what to advise. */
export interface PolicySubject {
  noun: string;
  code: string;
  publicAdvice: string;
  privateAdvice: string;
}

const DATABASE: PolicySubject = {
  noun: 'database',
  code: 'database',
  publicAdvice: "Use the database's public host name or address",
  privateAdvice:
    "Use the database's public address; the operator can allow private addresses for databases inside the service's network",
};

export interface ResolvedAddress {
  address: string;
  family: number;
}

type Category = 'metadata' | 'unspecified' | 'loopback' | 'private' | 'link-local' | 'multicast' | 'reserved';

// Checked in this order: the metadata endpoints sit inside link-local and unique-local space.
const RANGES: [Category, [string, number, 'ipv4' | 'ipv6'][]][] = [
  [
    'metadata',
    [
      ['169.254.169.254', 32, 'ipv4'],
      ['169.254.170.2', 32, 'ipv4'],
      ['fd00:ec2::254', 128, 'ipv6'],
    ],
  ],
  [
    'unspecified',
    [
      ['0.0.0.0', 8, 'ipv4'],
      ['::', 128, 'ipv6'],
    ],
  ],
  [
    'loopback',
    [
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ],
  ],
  [
    'private',
    [
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['100.64.0.0', 10, 'ipv4'],
      ['fc00::', 7, 'ipv6'],
    ],
  ],
  [
    'link-local',
    [
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ],
  ],
  [
    'multicast',
    [
      ['224.0.0.0', 4, 'ipv4'],
      ['ff00::', 8, 'ipv6'],
    ],
  ],
  // 240/4 holds the broadcast address; 198.18/15 is for benchmarking networks, 192.0.0/24 for
  // protocol assignments (NAT64 discovery, DS-Lite); ::/96 is the deprecated IPv4-compatible form,
  // fec0::/10 site-local, 64:ff9b:1::/48 local-use NAT64.
  [
    'reserved',
    [
      ['240.0.0.0', 4, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['192.0.0.0', 24, 'ipv4'],
      ['::', 96, 'ipv6'],
      ['fec0::', 10, 'ipv6'],
      ['64:ff9b:1::', 48, 'ipv6'],
    ],
  ],
];

const BLOCK_LISTS = RANGES.map(([category, subnets]) => {
  const list = new BlockList();
  for (const [network, prefix, type] of subnets) list.addSubnet(network, prefix, type);
  return [category, list] as const;
});

export function classifyAddress(address: string): Category | 'public' {
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  // BlockList also matches IPv4-mapped IPv6 (::ffff:a.b.c.d) against the IPv4 ranges.
  const own = BLOCK_LISTS.find(([, list]) => list.check(address, type))?.[0];
  if (own || type === 'ipv4') return own ?? 'public';
  // An IPv6 address that carries an IPv4 address reaches that address through a translator or
  // tunnel: it is as allowed as the worst IPv4 address it carries.
  const carried = embeddedIPv4(address)
    .map(classifyAddress)
    .find((category) => category !== 'public');
  return carried ?? 'public';
}

/** NAT64 (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32, server and obfuscated client). */
function embeddedIPv4(address: string): string[] {
  const groups = ipv6Groups(address);
  if (!groups) return [];
  const ipv4 = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0x64 && g1 === 0xff9b && !g2 && !g3 && !g4 && !g5) return [ipv4(g6, g7)];
  if (g0 === 0x2002) return [ipv4(g1 ?? 0, g2 ?? 0)];
  if (g0 === 0x2001 && g1 === 0) return [ipv4(g2 ?? 0, g3 ?? 0), ipv4(g6 ^ 0xffff, g7 ^ 0xffff)];
  return [];
}

/** The eight 16-bit groups of an IPv6 address (`::` and a dotted IPv4 tail expanded); undefined if malformed. */
function ipv6Groups(address: string): number[] | undefined {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((+dotted[1]! << 8) | +dotted[2]!).toString(16)}:${((+dotted[3]! << 8) | +dotted[4]!).toString(16)}`
    : address;
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = parse(tail ?? '');
  const groups =
    tail === undefined ? start : [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

function isAllowed(category: Category, options: AddressPolicyOptions): boolean {
  if (category === 'loopback') return options.allowLoopback === true;
  if (category === 'private') return options.allowPrivate === true;
  return false;
}

async function systemLookup(host: string): Promise<ResolvedAddress[]> {
  return lookup(host, { all: true, verbatim: true });
}

/** Resolves the host and returns the address to connect to; every address it resolves to must be allowed. */
export async function resolveAllowedAddress(
  host: string,
  options: AddressPolicyOptions = {},
): Promise<ResolvedAddress> {
  const addresses = await resolve(host, options.lookup ?? systemLookup, options.subject ?? DATABASE);
  for (const { address } of addresses) {
    const category = classifyAddress(address);
    if (category !== 'public' && !isAllowed(category, options))
      throw refused(host, address, category, options.subject ?? DATABASE);
  }
  const [first] = addresses;
  if (!first) throw unresolvable(host, options.subject ?? DATABASE);
  return first;
}

async function resolve(
  host: string,
  resolver: (host: string) => Promise<ResolvedAddress[]>,
  subject: PolicySubject,
): Promise<ResolvedAddress[]> {
  const family = isIP(host);
  if (family) return [{ address: host, family }];
  try {
    return await resolver(host);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw unresolvable(host, subject, error);
    throw badGateway(
      `The ${subject.noun} host name ${host} could not be resolved right now`,
      `Retry the request; if it keeps failing, check the DNS records of the ${subject.noun} host`,
      `${subject.code}_unreachable`,
      { cause: error },
    );
  }
}

const unresolvable = (host: string, subject: PolicySubject, cause?: unknown) =>
  badRequest(
    `The ${subject.noun} host name ${host} does not resolve to an address`,
    subject === DATABASE ? 'Check the host in the connection string' : `Check the host of the ${subject.noun}`,
    `${subject.code}_host_unknown`,
    { cause },
  );

function refused(host: string, address: string, category: Category, subject: PolicySubject): ServiceError {
  const where =
    host === address
      ? `The ${subject.noun} address ${address}`
      : `The ${subject.noun} host ${host} resolves to ${address}, which`;
  const advice = category === 'loopback' || category === 'private' ? subject.privateAdvice : subject.publicAdvice;
  return badRequest(
    `${where} is a ${category} address, which the service does not connect to`,
    advice,
    `${subject.code}_address_refused`,
  );
}
