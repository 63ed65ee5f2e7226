// TransactWriteItems for dynalite, which has none: a small HTTP front that passes every other call
// through and applies a transaction's actions atomically with their conditions, answering as
// DynamoDB does (TransactionCanceledException with one CancellationReason per action, `None` for
// the ones that would have passed). tests/integration/aws/dynamo-transactions.test.ts runs the same
// cases against this front and against moto's DynamoDB and asserts identical outcomes.
//
// How: a transaction holds an exclusive lock that every passed-through call also waits for (as a
// shared holder), so nothing interleaves with it. Under the lock each action runs as the
// single-item call it stands for, with its own condition, which dynalite evaluates exactly as it
// does everywhere else; a ConditionCheck runs as a conditional delete. Every touched item's prior
// image is read first, and when any action fails, every action is undone by writing the prior
// images back. Atomic against every other request; not against a crash of the dev stack itself,
// which loses nothing that matters locally (docs/operations.md).
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

type Attrs = Record<string, unknown>;
interface Action {
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  input: Attrs & { TableName: string; ReturnValuesOnConditionCheckFailure?: string };
}

const TARGET_PREFIX = 'DynamoDB_20120810.';

/** Many shared holders or one exclusive holder at a time, in arrival order for exclusive ones. */
class ReadWriteLock {
  private shared = 0;
  private exclusive = false;
  private waiting: { exclusive: boolean; go: () => void }[] = [];

  async run<T>(exclusive: boolean, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((go) => {
      this.waiting.push({ exclusive, go });
      this.pump();
    });
    try {
      return await work();
    } finally {
      if (exclusive) this.exclusive = false;
      else this.shared--;
      this.pump();
    }
  }

  private pump() {
    while (this.waiting.length && !this.exclusive) {
      const next = this.waiting[0]!;
      if (next.exclusive && this.shared > 0) return;
      this.waiting.shift();
      if (next.exclusive) this.exclusive = true;
      else this.shared++;
      next.go();
      if (next.exclusive) return;
    }
  }
}

const readBody = async (stream: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export async function startTransactionShim(backend: { port: number }, port: number): Promise<Server> {
  const lock = new ReadWriteLock();
  const keySchemas = new Map<string, string[]>();

  /** One call to dynalite: status and parsed body. */
  const call = (target: string, body: unknown, headers: IncomingMessage['headers'] = {}) =>
    new Promise<{ status: number; body: Attrs; raw: Buffer; headers: IncomingMessage['headers'] }>(
      (resolve, reject) => {
        const payload = Buffer.from(JSON.stringify(body));
        const req = request(
          {
            host: '127.0.0.1',
            port: backend.port,
            method: 'POST',
            path: '/',
            headers: {
              ...headers,
              'content-type': 'application/x-amz-json-1.0',
              'x-amz-target': `${TARGET_PREFIX}${target}`,
              'content-length': payload.length,
            },
          },
          (res) =>
            void readBody(res).then((raw) =>
              resolve({
                status: res.statusCode ?? 500,
                raw,
                headers: res.headers,
                body: raw.length ? (JSON.parse(raw.toString()) as Attrs) : {},
              }),
            ),
        );
        req.on('error', reject);
        req.end(payload);
      },
    );

  const keyOf = async (table: string, item: Attrs, headers: IncomingMessage['headers']): Promise<Attrs> => {
    let names = keySchemas.get(table);
    if (!names) {
      const out = await call('DescribeTable', { TableName: table }, headers);
      const schema = (out.body.Table as { KeySchema?: { AttributeName: string }[] } | undefined)?.KeySchema ?? [];
      names = schema.map((k) => k.AttributeName);
      keySchemas.set(table, names);
    }
    return Object.fromEntries(names.map((n) => [n, item[n]]));
  };

  const transact = async (body: Attrs, headers: IncomingMessage['headers']) => {
    const actions: Action[] = ((body.TransactItems as Attrs[] | undefined) ?? []).map((entry) => {
      const [kind, input] = Object.entries(entry)[0] as [Action['kind'], Action['input']];
      return { kind, input };
    });
    if (actions.length === 0 || actions.length > 100) {
      return validation('Member must have length less than or equal to 100 and greater than or equal to 1');
    }
    const keys = await Promise.all(
      actions.map(({ kind, input }) =>
        kind === 'Put' ? keyOf(input.TableName, input.Item as Attrs, headers) : (input.Key as Attrs),
      ),
    );
    const ids = keys.map((key, i) => `${actions[i]!.input.TableName}|${JSON.stringify(key)}`);
    if (new Set(ids).size !== ids.length) {
      return validation('Transaction request cannot include multiple operations on one item');
    }
    const before = await Promise.all(
      actions.map(
        async ({ input }, i) =>
          (await call('GetItem', { TableName: input.TableName, Key: keys[i], ConsistentRead: true }, headers)).body
            .Item as Attrs | undefined,
      ),
    );
    const reasons: Attrs[] = [];
    const applied: number[] = [];
    for (const [i, { kind, input }] of actions.entries()) {
      const { ReturnValuesOnConditionCheckFailure: returnOld, ...single } = input;
      const out =
        kind === 'ConditionCheck'
          ? await call('DeleteItem', { ...single, Key: keys[i] }, headers)
          : await call(`${kind}Item`, single, headers);
      if (out.status === 200) {
        applied.push(i);
        reasons.push({ Code: 'None' });
      } else if (String(out.body.__type).endsWith('#ConditionalCheckFailedException')) {
        reasons.push({
          Code: 'ConditionalCheckFailed',
          Message: 'The conditional request failed',
          ...(returnOld === 'ALL_OLD' && before[i] ? { Item: before[i] } : {}),
        });
      } else {
        await restore(applied);
        return out;
      }
    }
    // A ConditionCheck's delete is always put back; a failed transaction puts back everything.
    const failed = reasons.some((r) => r.Code !== 'None');
    await restore(failed ? applied : applied.filter((i) => actions[i]!.kind === 'ConditionCheck'));
    if (!failed) return { status: 200, body: {}, raw: Buffer.from('{}'), headers: {} };
    const codes = reasons.map((r) => r.Code).join(', ');
    const answer = {
      __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
      message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes}]`,
      CancellationReasons: reasons,
    };
    return { status: 400, body: answer, raw: Buffer.from(JSON.stringify(answer)), headers: {} };

    async function restore(indexes: number[]) {
      for (const i of indexes) {
        const table = actions[i]!.input.TableName;
        const prior = before[i];
        await (prior
          ? call('PutItem', { TableName: table, Item: prior }, headers)
          : call('DeleteItem', { TableName: table, Key: keys[i] }, headers));
      }
    }
  };

  const passThrough = (req: IncomingMessage, res: ServerResponse, body: Buffer) =>
    new Promise<void>((resolve, reject) => {
      const upstream = request(
        { host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(res).on('finish', resolve).on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const target = String(req.headers['x-amz-target'] ?? '');
      if (target !== `${TARGET_PREFIX}TransactWriteItems`) {
        await lock.run(false, () => passThrough(req, res, body));
        return;
      }
      const out = await lock.run(true, () => transact(JSON.parse(body.toString()) as Attrs, signingFree(req)));
      res.writeHead(out.status, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(out.raw);
    })().catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: String(e) }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

function validation(message: string) {
  const answer = { __type: 'com.amazon.coral.validate#ValidationException', message };
  return { status: 400, body: answer, raw: Buffer.from(JSON.stringify(answer)), headers: {} };
}

/** The caller's headers minus what belonged to its one request (dynalite checks no signatures). */
function signingFree(req: IncomingMessage): IncomingMessage['headers'] {
  const { host: _h, 'content-length': _l, 'x-amz-target': _t, 'content-type': _c, ...rest } = req.headers;
  return { authorization: rest.authorization, 'x-amz-date': rest['x-amz-date'] };
}
