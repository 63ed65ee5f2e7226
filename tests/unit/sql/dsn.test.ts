import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { parseConnectionString } from '../../../lib/sql/dsn';

function parseError(dsn: string): ServiceError {
  try {
    parseConnectionString(dsn);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected the connection string to be refused');
}

describe('parseConnectionString', () => {
  it('reads the interface example form', () => {
    expect(parseConnectionString('reader:s3cret@tcp(203.0.113.7:3306)/shop')).toEqual({
      user: 'reader',
      password: 's3cret',
      host: '203.0.113.7',
      port: 3306,
      database: 'shop',
      tlsVerify: true,
    });
  });

  it('keeps @, :, / and % in passwords, splitting on the last @tcp(', () => {
    expect(parseConnectionString('u:p@ss:w/rd%z@tcp(db.example.com:3307)/d').password).toBe('p@ss:w/rd%z');
    expect(parseConnectionString('u:a@tcp(b@tcp(db.example.com:1)/d')).toMatchObject({
      password: 'a@tcp(b',
      host: 'db.example.com',
      port: 1,
    });
    expect(parseConnectionString('u:@tcp(h:1)/d').password).toBe('');
    expect(parseConnectionString('u@tcp(h:1)/d').password).toBe('');
  });

  it('decodes %XX only where it is an escape', () => {
    expect(parseConnectionString('u:p%40ss%3A@tcp(h:1)/d').password).toBe('p@ss:');
    expect(parseConnectionString('u:100%25@tcp(h:1)/d').password).toBe('100%');
    expect(parseConnectionString('u:50%off%2@tcp(h:1)/d').password).toBe('50%off%2');
    expect(parseConnectionString('u:%E2%82%AC@tcp(h:1)/d').password).toBe('€');
    expect(parseConnectionString('u:%C3x@tcp(h:1)/d').password).toBe('%C3x');
    expect(parseConnectionString('u%2Bx:p@tcp(h:1)/my%2Ddb').user).toBe('u+x');
    expect(parseConnectionString('u:p@tcp(h:1)/my%2Ddb').database).toBe('my-db');
  });

  it('reads IPv6 addresses, host names and the default port', () => {
    expect(parseConnectionString('u:p@tcp([::1]:3306)/d')).toMatchObject({ host: '::1', port: 3306 });
    expect(parseConnectionString('u:p@tcp([2001:db8::5])/d')).toMatchObject({ host: '2001:db8::5', port: 3306 });
    expect(parseConnectionString('u:p@tcp(db-1.internal_zone.example.:3306)/d').host).toBe(
      'db-1.internal_zone.example.',
    );
    expect(parseConnectionString('u:p@tcp(db.example.com)/d').port).toBe(3306);
  });

  it('reads tls and timeout parameters', () => {
    expect(parseConnectionString('u:p@tcp(h:1)/d?tls=skip-verify').tlsVerify).toBe(false);
    for (const value of ['true', 'preferred', 'false', 'custom']) {
      expect(parseConnectionString(`u:p@tcp(h:1)/d?tls=${value}`).tlsVerify).toBe(true);
    }
    expect(parseConnectionString('u:p@tcp(h:1)/d?timeout=5s').connectTimeoutMs).toBe(5000);
    expect(parseConnectionString('u:p@tcp(h:1)/d?timeout=1m30s&tls=true').connectTimeoutMs).toBe(90_000);
    expect(parseConnectionString('u:p@tcp(h:1)/d?timeout=1.5s').connectTimeoutMs).toBe(1500);
    expect(parseConnectionString('u:p@tcp(h:1)/d?timeout=500ms').connectTimeoutMs).toBe(500);
    expect(parseConnectionString('u:p@tcp(h:1)/d?').tlsVerify).toBe(true);
  });

  it('refuses unknown, repeated and malformed parameters with a clear message', () => {
    expect(parseError('u:p@tcp(h:1)/d?parseTime=true').lines()[0]).toContain(
      'the parameter "parseTime" is not supported',
    );
    expect(parseError('u:p@tcp(h:1)/d?parseTime=true').lines()[0]).toContain('tls=true|skip-verify|preferred');
    expect(parseError('u:p@tcp(h:1)/d?hunter22=1').lines()[0]).toContain('a parameter is not supported');
    expect(parseError('u:p@tcp(h:1)/d?tls=true&tls=skip-verify').lines()[0]).toContain('given twice');
    for (const timeout of ['5', '0s', '-1s', '5sec', '', 's']) {
      expect(parseError(`u:p@tcp(h:1)/d?timeout=${timeout}`).lines()[0]).toContain('timeout');
    }
  });

  it.each([
    ['no @tcp(', 'u:p@db.example.com:3306/d'],
    ['no closing parenthesis', 'u:p@tcp(h:1/d'],
    ['no database', 'u:p@tcp(h:1)'],
    ['an empty database', 'u:p@tcp(h:1)/'],
    ['an empty user', ':p@tcp(h:1)/d'],
    ['port 0', 'u:p@tcp(h:0)/d'],
    ['port 70000', 'u:p@tcp(h:70000)/d'],
    ['a host with a space', 'u:p@tcp(h x:1)/d'],
    ['a bracketed non-IPv6 host', 'u:p@tcp([h]:1)/d'],
    ['a database with a slash', 'u:p@tcp(h:1)/a/b'],
    ['a unix socket address', 'u:p@unix(/tmp/mysql.sock)/d'],
  ])('refuses %s as a 400 bad_connection_string', (_what, dsn) => {
    const error = parseError(dsn);
    expect(error.status).toBe(400);
    expect(error.code).toBe('bad_connection_string');
    expect(error.lines()[0]).toMatch(/^ISSUE: The connection string is malformed: .+\. ADVICE: .+\.$/);
  });

  const pieces = {
    user: fc.string({ maxLength: 12 }),
    host: fc.oneof(fc.constantFrom('db.example.com', '10.0.0.1', '[::1]', 'h'), fc.string({ maxLength: 10 })),
    port: fc.oneof(fc.constantFrom(':3306', ':0', ':99999', ''), fc.string({ maxLength: 6 })),
    database: fc.oneof(fc.constantFrom('shop', ''), fc.string({ maxLength: 10 })),
    params: fc.oneof(
      fc.constantFrom('', '?tls=skip-verify', '?timeout=5s', '?parseTime=true', '?timeout=x'),
      fc.string({ maxLength: 12 }).map((s) => `?${s}`),
    ),
    closing: fc.constantFrom(')/', ')', '/', ')x/'),
  };

  it('either parses or throws exactly a 400 ServiceError, for any string', () => {
    const dsnLike = fc
      .record({ ...pieces, password: fc.string() })
      .map((p) => `${p.user}:${p.password}@tcp(${p.host}${p.port}${p.closing}${p.database}${p.params}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), dsnLike), (dsn) => {
        try {
          parseConnectionString(dsn);
        } catch (error) {
          expect(error).toBeInstanceOf(ServiceError);
          expect((error as ServiceError).status).toBe(400);
          expect((error as ServiceError).code).toBe('bad_connection_string');
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('never shows a password of 6 or more characters in its error', () => {
    fc.assert(
      fc.property(fc.record({ ...pieces, password: fc.string({ minLength: 6, maxLength: 40 }) }), (p) => {
        const dsn = `${p.user}:${p.password}@tcp(${p.host}${p.port}${p.closing}${p.database}${p.params}`;
        try {
          parseConnectionString(dsn);
        } catch (error) {
          const text = [(error as ServiceError).message, ...(error as ServiceError).lines()].join('\n');
          expect(text).not.toContain(p.password);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
