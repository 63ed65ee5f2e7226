import { describe, expect, it } from 'vitest';
import { httpHandler } from '../../../lib/http/handler';
import { badRequest } from '../../../lib/errors';
import { createLogger, errorFields, scrub } from '../../../lib/log';
import { call } from '../../support/api-event';
import { testDeps, testToken } from '../../support/http-deps';

const SECRETS = {
  apiKey: 'sk-proj-SuperSecretKey1234567890',
  dsn: 'reader:Pa55w0rd!xyz@tcp(10.0.0.5:3306)/shop',
  mongo: 'mongodb+srv://app:MongoPa55word@cluster0.example.net/db',
  question: 'what is the salary of employee 4711',
};

describe('the logger cannot leak request data', () => {
  it('keeps secrets from the body, headers and errors out of every log line', async () => {
    const { deps, lines } = testDeps();
    const token = await testToken();
    const handler = httpHandler(
      { route: 'POST /query-service/v1/rdbms', body: 'json', envelope: 'query' },
      async (req) => {
        const body = req.body as Record<string, string>;
        // A careless handler: logs fields named after secrets, and an error that quotes the DSN.
        req.log.info('calling database', {
          sqldb_connection_string: body.sqldb_connection_string,
          'api+key': body['api+key'],
          query: body.query,
        });
        req.log.warn(`connect failed for ${body.sqldb_connection_string} using ${body['api+key']}`);
        throw badRequest(`Access denied`, 'Check the user name and password');
      },
      deps,
    );
    const res = await call(handler, {
      method: 'POST',
      token,
      headers: { authorization: `Bearer ${SECRETS.apiKey}` },
      body: {
        query: SECRETS.question,
        'api+key': SECRETS.apiKey,
        sqldb_connection_string: SECRETS.dsn,
        vector_docdb_connection_string: SECRETS.mongo,
      },
    });
    expect(res.status).toBe(400);
    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const secret of ['SuperSecretKey', 'Pa55w0rd', 'MongoPa55word', SECRETS.question, token])
      expect(all).not.toContain(secret);
    expect(all).toContain('[redacted]');
  });

  it('scrubs key-, token- and password-shaped text anywhere in a string', () => {
    const text = `key ${SECRETS.apiKey} dsn ${SECRETS.dsn} uri ${SECRETS.mongo} jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.sig_nature`;
    const out = scrub(text);
    for (const secret of ['SuperSecretKey', 'Pa55w0rd', 'MongoPa55word', 'eyJzdWIiOiJhIn0'])
      expect(out).not.toContain(secret);
    expect(out).toContain('reader:[redacted]@tcp(10.0.0.5:3306)/shop');
  });

  it('accepts only flat fields, redacts sensitive names and scrubs error messages', () => {
    const lines: string[] = [];
    const log = createLogger({ sink: (l) => lines.push(l) });
    log.error('boom', {
      password: 'hunter2',
      token: 'abc',
      body: 'raw',
      answer: 'the answer',
      ...errorFields(new Error(`failed with ${SECRETS.dsn}`)),
    });
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      level: 'error',
      msg: 'boom',
      password: '[redacted]',
      token: '[redacted]',
      body: '[redacted]',
      answer: '[redacted]',
    });
    expect(entry.errorMessage).not.toContain('Pa55w0rd');
  });

  it("redacts a whole object that slips past the types, and a child logger's own fields", () => {
    const lines: string[] = [];
    const log = createLogger({ sink: (l) => lines.push(l) }).child({ spanId: 's1', apiKey: SECRETS.apiKey });
    log.info(`using ${SECRETS.mongo}`, { event: { body: SECRETS.question } as never, count: 2, empty: '' });
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      level: 'info',
      spanId: 's1',
      apiKey: '[redacted]',
      event: '[redacted]',
      count: 2,
      empty: '',
    });
    expect(lines[0]).not.toContain('MongoPa55word');
    expect(lines[0]).not.toContain(SECRETS.question);
  });

  it('honours the level', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'warn', sink: (l) => lines.push(l) });
    log.info('quiet');
    log.warn('loud');
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['loud']);
  });
});
