// Generated source is committed (tools/generate): a change to its input without `npm run generate`
// would ship stale code, so this fails until the committed files match their generators.
import { describe, expect, it } from 'vitest';
import { staleFiles } from '../../tools/generate/run';

describe('generated source', () => {
  it('is what its generators make from the current inputs', async () => {
    expect(await staleFiles()).toEqual([]);
  }, 120_000);
});
