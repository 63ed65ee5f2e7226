// The seccomp filter bubblewrap loads just before user code starts (classic BPF, assembled here so
// the host needs no libseccomp). Always: no new user namespace (unshare/clone with CLONE_NEWUSER),
// which would let a function mount its own tmpfs and gain capabilities over its own namespaces.
// Where no cgroup caps a worker's memory ("strict"), also no memory the data limit does not count:
// memfd_create, System V shared memory and shared mappings are refused (files in /tmp are capped
// by its size instead). Syscalls of another ABI (i386, x32) are refused: they have other numbers.
import { arch } from 'node:process';

// BPF opcodes and seccomp return values (linux/filter.h, linux/seccomp.h).
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const JSET_K = 0x45;
const AND_K = 0x54;
const RET_K = 0x06;
const ALLOW = 0x7fff0000;
const errno = (n: number) => 0x00050000 | n;
const EPERM = 1;
const ENOSYS = 38;

// struct seccomp_data: nr at 0, arch at 4, args[i] at 16 + 8i (low half first: little-endian ABIs).
const NR = 0;
const ARCH = 4;
const arg = (i: number) => 16 + 8 * i;

const CLONE_NEWUSER = 0x10000000;
const MAP_SHARED = 0x01;

interface Abi {
  audit: number;
  /** Numbers from this bit up belong to another ABI on the same architecture (x32). */
  foreignFrom?: number;
  unshare: number;
  clone: number;
  clone3: number;
  memfdCreate: number;
  mmap: number;
  shmget: number;
}

const ABIS: Record<string, Abi> = {
  x64: {
    audit: 0xc000003e,
    foreignFrom: 0x40000000,
    unshare: 272,
    clone: 56,
    clone3: 435,
    memfdCreate: 319,
    mmap: 9,
    shmget: 29,
  },
  arm64: { audit: 0xc00000b7, unshare: 97, clone: 220, clone3: 435, memfdCreate: 279, mmap: 222, shmget: 194 },
};

type Step = { code: number; k: number; jt?: string; jf?: string } | { label: string };

/** Assembles steps whose jumps name labels; a jump's targets must come after it (BPF jumps forward only). */
function assemble(steps: Step[]): Buffer {
  const at = new Map<string, number>();
  const instructions = steps.filter((s) => !('label' in s)) as Exclude<Step, { label: string }>[];
  let index = 0;
  for (const step of steps) {
    if ('label' in step) at.set(step.label, index);
    else index += 1;
  }
  const out = Buffer.alloc(instructions.length * 8);
  instructions.forEach((ins, i) => {
    const offset = (label?: string) => (label ? at.get(label)! - i - 1 : 0);
    out.writeUInt16LE(ins.code, i * 8);
    out.writeUInt8(offset(ins.jt), i * 8 + 2);
    out.writeUInt8(offset(ins.jf), i * 8 + 3);
    out.writeUInt32LE(ins.k >>> 0, i * 8 + 4);
  });
  return out;
}

/** The filter for this machine's architecture, or undefined where it has none (then say so). */
export function seccompFilter(strict: boolean, architecture: string = arch): Buffer | undefined {
  const abi = ABIS[architecture];
  if (!abi) return undefined;
  const ret = (k: number): Step => ({ code: RET_K, k });
  const load = (offset: number): Step => ({ code: LD_W_ABS, k: offset });
  const is = (k: number, then: string): Step => ({ code: JEQ_K, k, jt: then });
  const steps: Step[] = [
    load(ARCH),
    { code: JEQ_K, k: abi.audit, jf: 'deny' },
    load(NR),
    ...(abi.foreignFrom ? [{ code: JGE_K, k: abi.foreignFrom, jt: 'deny' }] : []),
    is(abi.unshare, 'flags'),
    is(abi.clone, 'flags'),
    // clone3 passes its flags in memory a filter cannot read: "not implemented" makes the C library use clone.
    is(abi.clone3, 'nosys'),
    ...(strict ? [is(abi.memfdCreate, 'deny'), is(abi.shmget, 'deny'), is(abi.mmap, 'mmap')] : []),
    ret(ALLOW),
    { label: 'flags' },
    load(arg(0)),
    { code: JSET_K, k: CLONE_NEWUSER, jt: 'deny' },
    ret(ALLOW),
    ...(strict
      ? [{ label: 'mmap' }, load(arg(3)), { code: AND_K, k: MAP_SHARED }, is(MAP_SHARED, 'deny'), ret(ALLOW)]
      : []),
    { label: 'nosys' },
    ret(errno(ENOSYS)),
    { label: 'deny' },
    ret(errno(EPERM)),
  ];
  return assemble(steps);
}
