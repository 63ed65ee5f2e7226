// What a function prints, kept per function for its owner (GET /function-service/v1/functions/{shortname}/logs)
// and never written to the service log, where a caller's request data could land through user code.
// One JSON line per output line in the function's folder, scrubbed like the service log, bounded by
// rotation into one previous file; DELETE of the function removes them with its folder.
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { scrub } from '../../log';
import type { FunctionLogLine } from '../ports';

/** A log file this large is rotated; the owner sees at most about twice this much. */
const FILE_MAX_BYTES = 256 * 1024;

export class FunctionLog {
  /** Appends run in order, one at a time. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly path: string) {}

  append(line: Omit<FunctionLogLine, 'at' | 'text'> & { text: string }): void {
    const record: FunctionLogLine = { at: new Date().toISOString(), ...line, text: scrub(line.text) };
    this.writing = this.writing.then(() => this.write(`${JSON.stringify(record)}\n`)).catch(() => undefined);
  }

  /** Waits for the lines appended so far. */
  flushed(): Promise<unknown> {
    return this.writing;
  }

  private async write(text: string): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const size = await stat(this.path).then(
      (s) => s.size,
      () => 0,
    );
    if (size + text.length > FILE_MAX_BYTES) await rename(this.path, `${this.path}.1`);
    await appendFile(this.path, text, { mode: 0o600 });
  }
}

/** The newest `limit` lines of a function's log, oldest first. */
export async function readFunctionLog(path: string, limit: number): Promise<FunctionLogLine[]> {
  const files = [`${path}.1`, path].filter((f) => existsSync(f));
  const text = (await Promise.all(files.map((f) => readFile(f, 'utf8').catch(() => '')))).join('');
  return text
    .split('\n')
    .filter(Boolean)
    .slice(-limit)
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as FunctionLogLine];
      } catch {
        return [];
      }
    });
}
