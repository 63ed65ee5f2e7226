import { describe, expect, inject, it } from 'vitest';
import { issueToken } from '../../lib/http/token';
import { loadConfig } from '../../lib/config';
import { dynamoDocuments } from '../../lib/aws/dynamo-client';
import { DynamoStatusStore } from '../../lib/aws/dynamo-status-store';

const url = inject('stackUrl');
const secret = inject('stackSecret');
const token = (account: string) => issueToken({ secret, account, level: 'free', ttlSeconds: 600 });

describe('the local stack through serverless offline', () => {
  it('serves /health without a token, naming the live adapters', async () => {
    const res = await fetch(`${url}/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { spanId: string; error: string; messages: string[] };
    expect(body).toMatchObject({
      status: 'ok',
      adapters: { storage: 'local-emulators', vectors: 'lancedb-local', ai: 'local-engine' },
    });
    expect(res.headers.get('x-span-id')).toBe(body.spanId);
  });

  it("answers unknown routes with the service's envelope, not serverless offline's route list", async () => {
    const res = await fetch(`${url}/no/such/route`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { spanId: string; error: string; messages: string[] };
    expect(body.error).toBe('route_not_found');
    expect(body.messages[0]).toMatch(/^ISSUE: There is no route GET \/no\/such\/route\. ADVICE: /);
    expect(JSON.stringify(body)).not.toContain('existingRoutes');
    const wrongMethod = await fetch(`${url}/health`, { method: 'DELETE' });
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET']);
  });

  it('names the address it was asked at as the OpenAPI server', async () => {
    const doc = (await (await fetch(`${url}/openapi.json`)).json()) as { servers: { url: string }[] };
    expect(doc.servers).toEqual([{ url }]);
  });

  it('refuses the status route without a token', async () => {
    const res = await fetch(`${url}/embedder-service/v1/status?upload_id=abc`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as { spanId: string; error: string; messages: string[] };
    expect(body.error).toBe('token_missing');
    expect(body.messages.at(-1)).toBe('failed');
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await issueToken({
      secret: 'a-completely-different-secret-0123456789',
      account: 'x',
      level: 'pro',
      ttlSeconds: 60,
    });
    const res = await fetch(`${url}/embedder-service/v1/status?upload_id=abc`, { headers: { svcwt: forged } });
    expect(res.status).toBe(401);
  });

  it('reads a status record for its owner only', async () => {
    // Seed a record through the same DynamoDB the service uses (the emulator of the stack).
    const config = loadConfig(inject('stackEnv'));
    const store = new DynamoStatusStore(dynamoDocuments(config.aws), config.aws.tables.uploads);
    await store.put({
      account: 'owner-1',
      uploadId: '11111111-2222-3333-4444-555555555555',
      collection: 'docs',
      filename: 'a.pdf',
      fileType: 'pdf',
      sizeBytes: 10,
      objectKey: 'k',
      state: 'completed',
      totalChunks: 3,
      embeddedChunks: 3,
      startedAt: Date.UTC(2026, 10, 21, 7, 0, 0),
      completedAt: Date.UTC(2026, 10, 21, 7, 0, 5),
      attempts: 1,
    });
    const path = `${url}/embedder-service/v1/status?upload_id=11111111-2222-3333-4444-555555555555`;
    const own = await fetch(path, { headers: { svcwt: await token('owner-1') } });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({
      upload_id: '11111111-2222-3333-4444-555555555555',
      collection_name: 'docs',
      status: 'completed',
      embedded_chunks: 3,
      total_chunks: 3,
      upload_started: 'Sat, 21 Nov 2026 07:00:00 GMT',
      upload_completed: 'Sat, 21 Nov 2026 07:00:05 GMT',
    });
    const other = await fetch(path, { headers: { svcwt: await token('intruder') } });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: string }).error).toBe('upload_not_found');
  });
});
