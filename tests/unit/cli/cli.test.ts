// The fnq command without the stack: --help everywhere, `token create` and its secret, `usage`
// against a loopback server that answers the usage route's contract, and the error that names the
// URL when nothing answers. The commands against the real stack are in tests/e2e/cli.test.ts.
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../../cli/commands/index';
import { main } from '../../../cli/main';
import { freePort } from '../../../local/emulators';
import { capturingIO } from '../../support/fnq-cli';

const capture = capturingIO;

describe('fnq --help', () => {
  it('answers every command and sub-command with its usage and exit 0', async () => {
    for (const command of commands) {
      const io = capture();
      expect(await main([command.name, '--help'], io), command.name).toBe(0);
      expect(io.stdout).toMatch(new RegExp(`^usage: fnq ${command.name}`));
      expect(io.stderr).toBe('');
      for (const sub of Object.keys(command.subcommands ?? {})) {
        const subIo = capture();
        expect(await main([command.name, sub, '-h'], subIo)).toBe(0);
        expect(subIo.stdout).toMatch(new RegExp(`^usage: fnq ${command.name} ${sub}`));
      }
    }
    expect(commands.map((c) => c.name)).toEqual(
      expect.arrayContaining(['query', 'collections', 'status', 'usage', 'deploy', 'upload', 'token']),
    );
    expect(Object.keys(commands.find((c) => c.name === 'query')!.subcommands!)).toEqual([
      'function',
      'vectordb',
      'rdbms',
    ]);
    expect(Object.keys(commands.find((c) => c.name === 'collections')!.subcommands!)).toEqual([
      'list',
      'show',
      'delete',
    ]);
  });

  it('lists the commands for fnq --help and fnq help, and helps with fnq help <command>', async () => {
    const io = capture();
    expect(await main(['--help'], io)).toBe(0);
    for (const c of commands) expect(io.stdout).toContain(`  ${c.name}`);
    const named = capture();
    expect(await main(['help', 'usage'], named)).toBe(0);
    expect(named.stdout).toMatch(/^usage: fnq usage \[--from YYYY-MM-DD\]/);
    expect(await main([], capture())).toBe(2);
  });

  it('still refuses bad arguments with exit 2 and the usage', async () => {
    const io = capture({ FNQ_TOKEN: 't' });
    expect(await main(['query', 'rdbms', 'How many?', '--tables', 'city'], io)).toBe(2);
    expect(io.stderr).toMatch(/FNQ_SQL_DSN/);
    const stray = capture({ FNQ_TOKEN: 't' });
    expect(await main(['query', 'function', 'weather', 'hi', '--rag-query', 'x'], stray)).toBe(2);
    expect(stray.stderr).toMatch(/--rag-query does not apply/);
    const day = capture({ FNQ_TOKEN: 't' });
    expect(await main(['usage', '--from', '2026-02-30'], day)).toBe(2);
    expect(day.stderr).toMatch(/--from must be a UTC day/);
  });
});

describe('fnq token create', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fnq-token-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses to invent a secret outside a checkout, and writes nothing', async () => {
    const io = capture({}, dir);
    expect(await main(['token', 'create', '--account', 'alice'], io)).toBe(1);
    expect(io.stderr).toMatch(/no signing secret: set FNQ_JWT_SECRET/);
    expect(io.stdout).toBe('');
    expect(await readdir(dir)).toEqual([]);
  });

  it('signs with FNQ_JWT_SECRET wherever it runs', async () => {
    const secret = 's'.repeat(40);
    const io = capture({ FNQ_JWT_SECRET: secret }, dir);
    expect(await main(['token', 'create', '--account', 'alice', '--level', 'pro'], io)).toBe(0);
    const { payload } = await jwtVerify(io.stdout.trim(), new TextEncoder().encode(secret));
    expect(payload).toMatchObject({ sub: 'alice', lvl: 'pro' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('inside a checkout uses the secret of its data folder, also from a sub-folder', async () => {
    const checkout = path.join(dir, 'checkout');
    await mkdir(path.join(checkout, 'examples', 'deep'), { recursive: true });
    await writeFile(path.join(checkout, 'package.json'), JSON.stringify({ name: 'fnquery' }));
    const io = capture({}, path.join(checkout, 'examples', 'deep'));
    expect(await main(['token', 'create', '--account', 'bob'], io)).toBe(0);
    expect(await readdir(path.join(checkout, '.data'))).toEqual(['jwt-secret']);
    expect(await readdir(path.join(checkout, 'examples', 'deep'))).toEqual([]);
    const { readFile } = await import('node:fs/promises');
    const secret = (await readFile(path.join(checkout, '.data', 'jwt-secret'), 'utf8')).trim();
    await expect(jwtVerify(io.stdout.trim(), new TextEncoder().encode(secret))).resolves.toBeTruthy();
  });
});

describe('fnq usage', () => {
  let server: Server;
  let url: string;
  const seen: { path: string; token?: string }[] = [];
  // Answers the usage route's contract: GET /usage-service/v1/usage?from&to → {spanId, account, from, to, usage[]}.
  const answer = (req: IncomingMessage) => {
    const u = new URL(req.url!, 'http://localhost');
    return {
      spanId: 'span-1',
      account: 'alice',
      from: u.searchParams.get('from') ?? '2026-10-25',
      to: u.searchParams.get('to') ?? '2026-11-23',
      usage: [
        {
          day: '2026-11-22',
          endpoint: 'POST /query-service/v1/vectordb',
          calls: 4,
          errors: 1,
          durationMs: 1000,
          aiTokens: 120,
        },
        { day: '2026-11-23', endpoint: 'ANY /mcp', calls: 6, errors: 0, durationMs: 60, aiTokens: 0 },
      ],
    };
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ path: req.url!, token: req.headers.svcwt as string | undefined });
      if (!req.url!.startsWith('/usage-service/v1/usage')) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(req)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('prints the rows with averages and totals, passing the range and the token', async () => {
    const io = capture({ FNQ_URL: url, FNQ_TOKEN: 'tok' });
    expect(await main(['usage', '--from', '2026-11-01', '--to', '2026-11-23'], io)).toBe(0);
    expect(seen.at(-1)).toEqual({ path: '/usage-service/v1/usage?from=2026-11-01&to=2026-11-23', token: 'tok' });
    const lines = io.stdout.trim().split('\n');
    expect(lines[0]).toBe('usage of alice from 2026-11-01 to 2026-11-23');
    expect(lines[1]).toMatch(/^DAY\s+ENDPOINT\s+CALLS\s+ERRORS\s+AVG MS\s+AI TOKENS$/);
    expect(lines[2]).toMatch(/^2026-11-22\s+POST \/query-service\/v1\/vectordb\s+4\s+1\s+250\s+120$/);
    expect(lines[4]).toMatch(/^total\s+10\s+1\s+106\s+120$/);
  });

  it('asks for the default period without a range, and prints JSON with --json', async () => {
    const io = capture({ FNQ_URL: url, FNQ_TOKEN: 'tok' });
    expect(await main(['usage', '--json'], io)).toBe(0);
    expect(seen.at(-1)!.path).toBe('/usage-service/v1/usage');
    expect(JSON.parse(io.stdout)).toMatchObject({ account: 'alice', usage: [{ calls: 4 }, { calls: 6 }] });
  });
});

describe('a service that is down', () => {
  it('gets an error naming the URL tried', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    for (const argv of [
      ['usage'],
      ['collections', 'list'],
      ['query', 'vectordb', 'docs', 'anything'],
      ['status', 'some-id'],
    ]) {
      const io = capture({ FNQ_URL: url, FNQ_TOKEN: 'tok' });
      expect(await main(argv, io), argv.join(' ')).toBe(1);
      expect(io.stderr).toMatch(
        new RegExp(
          `^fnq ${argv[0]}: cannot reach fnquery at ${url.replace(/\./g, '\\.')}/[a-z-]+.*ECONNREFUSED.*is the service running\\?`,
        ),
      );
    }
  });
});

describe('fnq webhooks', () => {
  it('names an unknown event or a missing argument before asking the service anything', async () => {
    const env = { FNQ_URL: 'http://127.0.0.1:9', FNQ_TOKEN: 'unused' };
    const unknown = capture(env);
    expect(
      await main(['webhooks', 'add', 'https://hooks.example.com/x', '--events', 'upload.started'], unknown),
    ).not.toBe(0);
    expect(unknown.stderr).toMatch(/unknown event\(s\) upload\.started; known: upload\.completed/);
    const missing = capture(env);
    expect(await main(['webhooks', 'rm'], missing)).not.toBe(0);
    expect(missing.stderr).toMatch(/needs the endpoint's id/);
  });
});
