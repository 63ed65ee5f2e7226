// One progress bar for the CLI (uploads, embedding, deploys). On a terminal it redraws one line on
// stderr; elsewhere (pipes, CI logs, tests) it writes a line whenever the text changes.
import type { CliIO } from './command';

const WIDTH = 30;

export interface ProgressBar {
  /** Draws `done` of `total` (a total of 0 draws an empty bar) followed by `label`. */
  draw(done: number, total: number, label: string): void;
  /** Ends the line on a terminal, so later output starts on its own line. */
  end(): void;
}

export function progressBar(io: CliIO): ProgressBar {
  const terminal = io.env === process.env && process.stderr.isTTY;
  let last = '';
  return {
    draw(done, total, label) {
      const filled = total > 0 ? Math.min(WIDTH, Math.round((done / total) * WIDTH)) : 0;
      const line = `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${label}`;
      if (line === last) return;
      last = line;
      if (terminal) process.stderr.write(`\r${line}\x1b[K`);
      else io.err(line);
    },
    end() {
      if (terminal && last) process.stderr.write('\n');
      last = '';
    },
  };
}
