/**
 * The progress bar (cli-progress) on stderr, shown only on a terminal; stdout stays for the
 * list of refused records, so it can be redirected to a file while the bar runs.
 */
import { SingleBar } from "cli-progress";

export interface Progress {
  update(done: number, total: number | undefined): void;
  stop(): void;
}

export function progressBar(label: string): Progress {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  const bar = new SingleBar({
    format: `${label} [{bar}] {percentage}% | {value}/{total} | {duration_formatted} elapsed, ETA {eta_formatted}`,
    stream: process.stderr,
    hideCursor: true,
  });
  let started = false;
  return {
    update(done, total) {
      if (!started) bar.start(total ?? done, done);
      started = true;
      if (total !== undefined) bar.setTotal(total);
      else bar.setTotal(Math.max(done, 1));
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
