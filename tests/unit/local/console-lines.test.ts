// What npm start prints of serverless offline's output: metrics lines short and only when asked.
import { describe, expect, it } from 'vitest';
import { consoleLine, emfSummary } from '../../../local/console-lines';

const emf = (fields: Record<string, unknown>) =>
  JSON.stringify({
    _aws: { Timestamp: 1, CloudWatchMetrics: [{ Namespace: 'fnquery', Dimensions: [['route']], Metrics: [] }] },
    service: 'fnquery',
    stage: 'local',
    ...fields,
  });

describe('consoleLine', () => {
  const health = emf({ route: 'GET /health', invocations: 1, latency: 0.6022, clientErrors: 0, serverErrors: 0 });

  it('keeps metrics lines off the console unless verbose, although they name error counters', () => {
    expect(health).toMatch(/error/i);
    expect(consoleLine(health, { verbose: false })).toBeUndefined();
  });

  it('prints a metrics line as one short line when verbose', () => {
    expect(consoleLine(health, { verbose: true })).toBe('metrics GET /health: 1 call, 0.6 ms');
    const failing = emf({ route: 'POST /mcp', invocations: 2, latency: 12.34, clientErrors: 1, serverErrors: 2 });
    expect(emfSummary(failing)).toBe('metrics POST /mcp: 2 calls, 12.3 ms, 1 client error, 2 server errors');
  });

  it('always shows errors and warnings, and the rest only when verbose', () => {
    expect(consoleLine('✖ Error: listen EADDRINUSE', { verbose: false })).toBe('✖ Error: listen EADDRINUSE');
    expect(consoleLine('GET /health (λ: health)', { verbose: false })).toBeUndefined();
    expect(consoleLine('GET /health (λ: health)', { verbose: true })).toBe('GET /health (λ: health)');
    expect(emfSummary('{"_aws": not json')).toBeUndefined();
  });
});
