// The API Gateway event as the handlers see it: the address the client used, and bodies as bytes.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { toHttpRequest } from '../../../lib/http/event';
import { apiEvent } from '../../support/api-event';

const withContext = (event: APIGatewayProxyEventV2, context: Record<string, unknown>) => ({
  ...event,
  requestContext: { ...event.requestContext, ...context },
});

describe('toHttpRequest', () => {
  it('takes the base URL from Host and X-Forwarded-Proto', () => {
    const event = apiEvent({ headers: { host: 'api.example.com', 'x-forwarded-proto': 'https' } });
    expect(toHttpRequest(event).baseUrl).toBe('https://api.example.com');
    expect(toHttpRequest(apiEvent({ headers: { host: '127.0.0.1:3917' } })).baseUrl).toBe('http://127.0.0.1:3917');
  });

  it("adds a named API Gateway stage's prefix when the path carries it", () => {
    const headers = { host: 'abc.execute-api.eu-west-1.amazonaws.com', 'x-forwarded-proto': 'https' };
    const staged = withContext(apiEvent({ path: '/prod/openapi.json', headers }), { stage: 'prod' });
    expect(toHttpRequest(staged).baseUrl).toBe('https://abc.execute-api.eu-west-1.amazonaws.com/prod');
    const byDefault = withContext(apiEvent({ path: '/openapi.json', headers }), { stage: '$default' });
    expect(toHttpRequest(byDefault).baseUrl).toBe('https://abc.execute-api.eu-west-1.amazonaws.com');
  });

  it('falls back to the domain name, and ignores a Host that is not a host', () => {
    const noHost = withContext(apiEvent(), { domainName: 'api.example.org' });
    expect(toHttpRequest(noHost).baseUrl).toBe('http://api.example.org');
    expect(toHttpRequest(apiEvent({ headers: { host: 'evil.com/"><script>' } })).baseUrl).toBeUndefined();
  });

  it('turns a body handed over already parsed (serverless offline, `-d 0`) back into JSON text', () => {
    const event = { ...apiEvent({ method: 'POST' }), body: 0 as unknown as string };
    expect(toHttpRequest(event).rawBody?.toString()).toBe('0');
    expect(toHttpRequest(apiEvent({ method: 'POST', body: Buffer.from('zip') })).rawBody?.toString()).toBe('zip');
  });
});
