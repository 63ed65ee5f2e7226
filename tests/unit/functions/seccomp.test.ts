// The seccomp program's shape, for every architecture it is written for (only this machine's can run
// here: tests/integration/functions/memory-escapes.test.ts runs it). A jump past the end or a
// missing final return would make the kernel refuse the filter, and bwrap with it.
import { describe, expect, it } from 'vitest';
import { seccompFilter } from '../../../lib/functions/process-runtime/seccomp';

const RET_K = 0x06;
const JUMPS = new Set([0x15, 0x35, 0x45]);

function instructions(program: Buffer) {
  return Array.from({ length: program.length / 8 }, (_, i) => ({
    code: program.readUInt16LE(i * 8),
    jt: program.readUInt8(i * 8 + 2),
    jf: program.readUInt8(i * 8 + 3),
    k: program.readUInt32LE(i * 8 + 4),
  }));
}

describe('the seccomp filter', () => {
  for (const architecture of ['x64', 'arm64'])
    for (const strict of [false, true])
      it(`is a well-formed program on ${architecture}${strict ? ', strict' : ''}`, () => {
        const program = seccompFilter(strict, architecture)!;
        expect(program.length % 8).toBe(0);
        const code = instructions(program);
        code.forEach((ins, i) => {
          if (JUMPS.has(ins.code)) {
            expect(i + 1 + ins.jt).toBeLessThan(code.length);
            expect(i + 1 + ins.jf).toBeLessThan(code.length);
          }
        });
        expect(code.at(-1)!.code).toBe(RET_K);
        // It refuses with EPERM and allows everything it does not name; strict names more.
        expect(code.some((ins) => ins.code === RET_K && ins.k === 0x00050001)).toBe(true);
        expect(code.some((ins) => ins.code === RET_K && ins.k === 0x7fff0000)).toBe(true);
        expect(code.length).toBeGreaterThan(strict ? seccompFilter(false, architecture)!.length / 8 : 8);
      });

  it('has no program for an architecture it has no syscall numbers for', () => {
    expect(seccompFilter(false, 'riscv64')).toBeUndefined();
  });
});
