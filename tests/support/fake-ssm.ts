// A loopback SSM Parameter Store speaking the real wire protocol (AWS JSON 1.1, GetParameters), so
// the real SDK client is exercised. It records each call's names and decryption flag.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSsm {
  url: string;
  calls: { names: string[]; withDecryption: boolean }[];
  stop(): Promise<void>;
}

export async function startFakeSsm(parameters: Record<string, string>): Promise<FakeSsm> {
  const calls: FakeSsm['calls'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-amz-target'] !== 'AmazonSSM.GetParameters')
        return reply(400, { __type: 'UnknownOperationException' });
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Names: string[]; WithDecryption?: boolean };
      calls.push({ names: input.Names, withDecryption: input.WithDecryption === true });
      const found = input.Names.filter((n) => n in parameters);
      reply(200, {
        Parameters: found.map((Name) => ({
          Name,
          Type: 'SecureString',
          Value: input.WithDecryption ? parameters[Name] : 'AQICAH-ciphertext',
          Version: 1,
        })),
        InvalidParameters: input.Names.filter((n) => !(n in parameters)),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
