import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { readBundle, writeBundle } from '../../../lib/functions/bundle';
import { entryFileOf } from '../../../lib/functions/languages';

const text = (s: string) => new TextEncoder().encode(s);

describe('reading a code bundle', () => {
  it('round-trips the files and drops a single top folder such as zip -r puts there', () => {
    const zip = zipSync({ 'fn/spec.json': text('{}'), 'fn/lib/util.py': text('x = 1') });
    expect([...readBundle(zip).keys()].sort()).toEqual(['lib/util.py', 'spec.json']);
    const files = new Map([
      ['spec.json', text('{}')],
      ['main.py', text('')],
    ]);
    expect(readBundle(writeBundle(files))).toEqual(files);
  });

  it('writes the same bytes for the same files, so unchanged code keeps its hash', () => {
    const files = new Map([['spec.json', text('{}')]]);
    expect(Buffer.from(writeBundle(files)).equals(Buffer.from(writeBundle(new Map(files))))).toBe(true);
  });

  it('refuses entries that leave the function directory', () => {
    for (const name of ['../evil.sh', '/etc/passwd', 'a/../../b']) {
      expect(() => readBundle(zipSync({ 'spec.json': text('{}'), [name]: text('x') }))).toThrow(
        expect.objectContaining({ code: 'bundle_unsafe_path' }),
      );
    }
  });

  it('refuses a bundle that unpacks beyond the bound (a zip bomb) with 413', () => {
    const bomb = zipSync({ 'spec.json': text('{}'), 'zeros.bin': new Uint8Array(60 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(() => readBundle(bomb)).toThrow(expect.objectContaining({ status: 413, code: 'bundle_too_large' }));
  });

  it('refuses what is not a zip', () => {
    expect(() => readBundle(text('hello'))).toThrow(expect.objectContaining({ status: 400, code: 'bundle_malformed' }));
  });
});

describe('entry files', () => {
  const files = (...names: string[]) => new Map(names.map((n) => [n, text('')]));

  it("finds the runtime family's entry file", () => {
    expect(entryFileOf(files('spec.json', 'index.js'), 'nodejs18')).toBe('index.js');
    expect(entryFileOf(files('spec.json', 'Main.java'), 'java21')).toBe('Main.java');
  });

  it('names the expected files when the entry file is missing', () => {
    expect(() => entryFileOf(files('spec.json', 'app.py'), 'python312')).toThrow(
      expect.objectContaining({ code: 'entry_file_missing', message: expect.stringMatching(/main\.py/) }),
    );
  });

  it("refuses files named like the service's own runner", () => {
    expect(() => entryFileOf(files('spec.json', 'main.py', 'fnq_runner.py'), 'python312')).toThrow(
      expect.objectContaining({ code: 'bundle_reserved_name' }),
    );
  });
});
