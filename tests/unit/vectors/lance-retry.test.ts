import { describe, expect, it, vi } from 'vitest';
import { isTransient, retryTransient } from '../../../lib/vectors/lance-retry';

// Messages LanceDB 0.37 gave in the concurrency tests: a compaction losing to a merge, and a
// reader meeting a manifest its writer had not yet published.
const conflict = () =>
  new Error(
    'lance error: Retryable commit conflict for version 16: This Rewrite transaction was preempted by concurrent transaction Update at version 16. Please retry.',
  );
const unpublished = () =>
  new Error(
    'lance error: Not found: lancedb/a_1__c_2.lance/_versions/18446744073709551604.manifest, external_manifest.rs:445:26',
  );

describe('retryTransient', () => {
  it('recognises conflicts and unpublished manifests, and nothing else', () => {
    expect(isTransient(conflict())).toBe(true);
    expect(isTransient(unpublished())).toBe(true);
    expect(
      isTransient(new Error('Encountered corrupt file x/_versions/5.manifest: Manifest e_tag mismatch for version 5')),
    ).toBe(true);
    expect(isTransient(new Error("Table 'x' was not found  Caused by: Not found: db/x.lance/_versions"))).toBe(false);
    expect(isTransient(new Error('disk full'))).toBe(false);
    expect(isTransient('commit conflict')).toBe(false);
  });

  it('runs the operation again after a transient failure', async () => {
    const operation = vi
      .fn()
      .mockRejectedValueOnce(conflict())
      .mockRejectedValueOnce(unpublished())
      .mockResolvedValue('done');
    await expect(retryTransient(operation, { attempts: 3, baseDelayMs: 1 })).resolves.toBe('done');
    expect(operation).toHaveBeenCalledTimes(3);
  });

  it('gives up after the attempts it was allowed', async () => {
    const operation = vi.fn().mockRejectedValue(conflict());
    await expect(retryTransient(operation, { attempts: 3, baseDelayMs: 1 })).rejects.toThrow(/commit conflict/);
    expect(operation).toHaveBeenCalledTimes(3);
  });

  it('does not retry other failures', async () => {
    const operation = vi.fn().mockRejectedValue(new Error('disk full'));
    await expect(retryTransient(operation, { attempts: 3, baseDelayMs: 1 })).rejects.toThrow('disk full');
    expect(operation).toHaveBeenCalledTimes(1);
  });
});
