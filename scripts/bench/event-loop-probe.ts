/**
 * Loaded into every server a bench run starts (`node --import tsx --import <this>`): samples
 * the event loop's delay with perf_hooks.monitorEventLoopDelay and answers run.ts over the
 * IPC channel, so a measurement can say how long requests waited for the loop meanwhile.
 * `reset` starts a window; `read` answers its percentiles in milliseconds.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

export interface EventLoopReading {
  p50: number;
  p99: number;
  max: number;
}

if (process.send) {
  // 1 ms sampling: fine enough for a 20 ms goal, cheap enough not to be the delay itself.
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const ms = (nanoseconds: number) => nanoseconds / 1e6;
  process.on("message", (message: { bench?: string }) => {
    if (message.bench === "event-loop-reset") histogram.reset();
    if (message.bench === "event-loop-read") {
      const reading: EventLoopReading = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
      process.send?.({ bench: "event-loop", reading });
    }
  });
  // The channel must not keep a server alive that was asked to stop.
  process.channel?.unref();
}
