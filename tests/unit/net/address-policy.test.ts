import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { classifyAddress, resolveAllowedAddress, type AddressPolicyOptions } from '../../../lib/net/address-policy';

async function refusal(host: string, options: AddressPolicyOptions = {}): Promise<ServiceError> {
  const error = await resolveAllowedAddress(host, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected ${host} to be refused`);
  return error;
}

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.254', 'reserved'],
    ['192.0.0.170', 'reserved'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::169.254.169.254', 'metadata'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['64:ff9b:1::a00:1', 'reserved'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::5', 'private'],
    ['2002:808:808::1', 'public'],
    // Teredo: server 65.54.227.120, client 127.0.0.1 stored inverted (ffff ffff xor 7f00 0001).
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    ['2001:0:a00:1::1', 'private'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'public'],
    ['::ffff:198.18.0.1', 'reserved'],
    ['172.32.0.1', 'public'],
    ['8.8.8.8', 'public'],
    ['203.0.113.7', 'public'],
    ['2001:4860:4860::8888', 'public'],
  ])('%s is %s', (address, category) => {
    expect(classifyAddress(address)).toBe(category);
  });
});

describe('resolveAllowedAddress', () => {
  it('returns a public address as it is', async () => {
    await expect(resolveAllowedAddress('203.0.113.7')).resolves.toEqual({ address: '203.0.113.7', family: 4 });
  });

  it('refuses loopback, private, link-local, metadata and unspecified addresses by default', async () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.0.0.5',
      'fd00::1',
      '169.254.10.10',
      'fe80::2',
      '169.254.169.254',
      '0.0.0.0',
    ]) {
      const error = await refusal(address);
      expect(error.status).toBe(400);
      expect(error.code).toBe('database_address_refused');
      expect(error.lines()[0]).toMatch(
        new RegExp(
          `^ISSUE: The database address ${address.replace(/\./g, '\\.')} is a [a-z-]+ address, which the service does not connect to\\. ADVICE: .+`,
        ),
      );
    }
  });

  it('lets the operator allow loopback and private addresses, one switch each', async () => {
    await expect(resolveAllowedAddress('127.0.0.1', { allowLoopback: true })).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(resolveAllowedAddress('10.0.0.5', { allowPrivate: true })).resolves.toMatchObject({
      address: '10.0.0.5',
    });
    expect((await refusal('10.0.0.5', { allowLoopback: true })).status).toBe(400);
    expect((await refusal('127.0.0.1', { allowPrivate: true })).status).toBe(400);
  });

  it('never allows the metadata endpoints, link-local or unspecified addresses', async () => {
    const everything = { allowLoopback: true, allowPrivate: true };
    for (const address of ['169.254.169.254', 'fd00:ec2::254', '169.254.3.3', '0.0.0.0', '::']) {
      expect((await refusal(address, everything)).status).toBe(400);
    }
  });

  it('refuses a host name when any of its addresses is refused, and names both', async () => {
    const error = await refusal('db.example.com', { lookup: resolvesTo('203.0.113.7', '10.0.0.9') });
    expect(error.lines()[0]).toContain(
      'The database host db.example.com resolves to 10.0.0.9, which is a private address',
    );
  });

  it('connects a host name to the first address it resolves to', async () => {
    await expect(
      resolveAllowedAddress('db.example.com', { lookup: resolvesTo('203.0.113.7', '2001:db8::1') }),
    ).resolves.toEqual({
      address: '203.0.113.7',
      family: 4,
    });
  });

  it('resolves names with the system resolver (localhost is loopback)', async () => {
    expect((await refusal('localhost')).lines()[0]).toContain('loopback');
    await expect(resolveAllowedAddress('localhost', { allowLoopback: true })).resolves.toMatchObject({
      family: expect.any(Number),
    });
  });

  it('answers 400 for an unknown name and 502 when DNS fails for now', async () => {
    const failing = (code: string) => async () => {
      throw Object.assign(new Error(code), { code });
    };
    const unknown = await refusal('nope.example', { lookup: failing('ENOTFOUND') });
    expect([unknown.status, unknown.code]).toEqual([400, 'database_host_unknown']);
    const later = await refusal('db.example.com', { lookup: failing('EAI_AGAIN') });
    expect([later.status, later.code]).toEqual([502, 'database_unreachable']);
    const empty = await refusal('db.example.com', { lookup: resolvesTo() });
    expect(empty.status).toBe(400);
  });
});
