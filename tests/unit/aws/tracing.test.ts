// The SDK clients' X-Ray tracing: on only in a Lambda with active tracing, off (nothing added to the
// client) under npm start, serverless offline, tests, or POWERTOOLS_TRACE_ENABLED=false.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { traceAwsCall, tracingOn, withTracing } from '../../../lib/aws/tracing';

const LAMBDA = { AWS_LAMBDA_FUNCTION_NAME: 'fnquery-dev-health', AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000' };
const middlewareNames = (client: DynamoDBClient) => client.middlewareStack.identify().join('\n');
const saved = { ...process.env };
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

describe('withTracing', () => {
  it('is on only in a Lambda that runs the X-Ray daemon, outside serverless offline, unless switched off', () => {
    expect(tracingOn({})).toBe(false);
    expect(tracingOn({ AWS_LAMBDA_FUNCTION_NAME: 'f' })).toBe(false);
    expect(tracingOn(LAMBDA)).toBe(true);
    expect(tracingOn({ ...LAMBDA, IS_OFFLINE: 'true' })).toBe(false);
    expect(tracingOn({ ...LAMBDA, POWERTOOLS_TRACE_ENABLED: 'FALSE' })).toBe(false);
  });

  it('leaves the client exactly as it was when tracing is off', async () => {
    const client = new DynamoDBClient({ region: 'us-east-1' });
    const before = middlewareNames(client);
    expect(await withTracing(client, {})).toBe(client);
    expect(middlewareNames(client)).toBe(before);
    client.destroy();
  });

  it("adds Powertools' X-Ray middleware once when tracing is on", async () => {
    // Powertools decides for itself from the process environment, as on Lambda.
    Object.assign(process.env, LAMBDA, { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' });
    const client = new DynamoDBClient({ region: 'us-east-1' });
    const before = middlewareNames(client);
    await withTracing(client, LAMBDA);
    const after = middlewareNames(client);
    expect(after).not.toBe(before);
    expect(after).toMatch(/XRay/i);
    await withTracing(client, LAMBDA);
    expect(middlewareNames(client)).toBe(after);
    client.destroy();
  });

  it('makes a call without an SDK client a DynamoDB subsegment of the current segment, failures included', async () => {
    Object.assign(process.env, LAMBDA, { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' });
    const xray = await import('aws-xray-sdk-core');
    const segment = new xray.Segment('traced-request');
    const attributes = { operation: 'GetItem', region: 'eu-west-1', table_name: 'uploads' };
    await xray.getNamespace().runPromise(async () => {
      xray.setSegment(segment);
      expect(await traceAwsCall('DynamoDB', attributes, async () => 'answer', LAMBDA)).toBe('answer');
      await expect(
        traceAwsCall('DynamoDB', attributes, () => Promise.reject(new Error('refused')), LAMBDA),
      ).rejects.toThrow('refused');
    });
    const subsegments = (segment.subsegments ?? []).map(
      (s) => JSON.parse(JSON.stringify(s)) as Record<string, unknown>,
    );
    expect(subsegments).toHaveLength(2);
    for (const s of subsegments) expect(s).toMatchObject({ name: 'DynamoDB', namespace: 'aws', aws: attributes });
    expect(subsegments[0]).not.toHaveProperty('fault');
    expect(subsegments[1]).toMatchObject({ fault: true });
    expect(subsegments.every((s) => typeof s.end_time === 'number')).toBe(true);
  });

  it('leaves the call alone when tracing is off', async () => {
    expect(await traceAwsCall('DynamoDB', { operation: 'GetItem', region: 'r' }, async () => 7, {})).toBe(7);
  });
});
