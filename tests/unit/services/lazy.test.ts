import { describe, expect, it } from 'vitest';
import { once, onFirstUse } from '../../../lib/services/lazy';

interface Counter {
  add(n: number): Promise<number>;
  total(): Promise<number>;
}

class FailingCounter implements Counter {
  async add(): Promise<number> {
    await Promise.resolve();
    throw new Error('the table is gone');
  }
  async total(): Promise<number> {
    return 0;
  }
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

describe('once', () => {
  it('loads on the first call, shares the load with concurrent and later calls, and retries a failure', async () => {
    let loads = 0;
    const value = once(async () => {
      if (++loads === 1) throw new Error('first load fails');
      return { n: loads };
    });
    expect(loads).toBe(0);
    await expect(value()).rejects.toThrow('first load fails');
    const [a, b] = await Promise.all([value(), value()]);
    expect(a).toBe(b);
    expect(await value()).toEqual({ n: 2 });
    expect(loads).toBe(2);
  });
});

describe('stack traces through a port loaded on first use', () => {
  it("keep the caller's frames when the adapter fails", async () => {
    const port = onFirstUse<Counter>(async () => new FailingCounter());
    async function recordTheCall() {
      return await port.add(1);
    }
    const failure = (await recordTheCall().catch((e: unknown) => e)) as Error;
    expect(failure.message).toBe('the table is gone');
    expect(failure.stack).toContain('FailingCounter.add');
    expect(failure.stack).toContain('recordTheCall');
  });
});
