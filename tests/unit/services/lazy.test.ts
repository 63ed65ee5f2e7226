import { describe, expect, it } from 'vitest';
import { onFirstUse } from '../../../lib/services/lazy';

interface Counter {
  add(n: number): Promise<number>;
  total(): Promise<number>;
}

class MemoryCounter implements Counter {
  private sum = 0;
  async add(n: number) {
    this.sum += n;
    return this.sum;
  }
  async total() {
    return this.sum;
  }
}

describe('onFirstUse', () => {
  it('builds nothing until a method is called, then one adapter for every caller', async () => {
    let loads = 0;
    const port = onFirstUse<Counter>(async () => {
      loads++;
      return new MemoryCounter();
    });
    expect(loads).toBe(0);
    await Promise.all([port.add(2), port.add(3), port.add(5)]);
    expect(await port.total()).toBe(10);
    expect(loads).toBe(1);
  });

  it('is not a thenable, so awaiting the port itself loads nothing', async () => {
    let loads = 0;
    const port = onFirstUse<Counter>(async () => {
      loads++;
      return new MemoryCounter();
    });
    const awaited = await Promise.resolve(port);
    expect(awaited).toBe(port);
    expect(loads).toBe(0);
  });

  it('tries again after a failed load instead of keeping the failure', async () => {
    let attempt = 0;
    const port = onFirstUse<Counter>(async () => {
      if (++attempt === 1) throw new Error('SDK import failed');
      return new MemoryCounter();
    });
    await expect(port.add(1)).rejects.toThrow('SDK import failed');
    expect(await port.add(4)).toBe(4);
    expect(attempt).toBe(2);
  });
});
