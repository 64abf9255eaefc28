import { Box } from "@mantine/core";
import { useEffect, useRef } from "react";
import Player from "rrweb-player";
import "rrweb-player/dist/style.css";

type PlayerEvents = ConstructorParameters<typeof Player>[0]["props"]["events"];
/** The player is a compiled Svelte component; its typings lean on Svelte's, which are not installed. */
type RunningPlayer = Player & { $destroy(): void; $set(props: { width: number; height: number }): void };

/** The controls under rrweb-player's frame take this much height. */
const CONTROLLER_HEIGHT = 80;

/**
 * rrweb-player in a React component. The player is made once; when more events arrive it is
 * given just the new ones (`addEvent`), and when the box it sits in changes width it is
 * resized rather than made again, so playback carries on.
 */
export default function ReplayPlayer({ events, width }: { events: unknown[]; width: number }) {
  const target = useRef<HTMLDivElement>(null);
  const player = useRef<RunningPlayer | null>(null);
  const given = useRef(0);
  const frameHeight = Math.round(Math.min(width * 0.5625, 640));

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const made = new Player({
      target: element,
      props: { events: events as PlayerEvents, width, height: frameHeight, autoPlay: false, skipInactive: true, showController: true },
    }) as RunningPlayer;
    player.current = made;
    given.current = events.length;
    return () => {
      made.$destroy();
      player.current = null;
      element.replaceChildren();
    };
    // Made once per mount: later events and sizes are handed to the running player below.
  }, []);

  useEffect(() => {
    const running = player.current;
    if (!running) return;
    for (const event of events.slice(given.current)) running.addEvent(event as PlayerEvents[number]);
    given.current = events.length;
  }, [events]);

  useEffect(() => {
    const running = player.current;
    if (!running) return;
    running.$set({ width, height: frameHeight });
    running.triggerResize();
  }, [width, frameHeight]);

  return <Box ref={target} h={frameHeight + CONTROLLER_HEIGHT} data-testid="replay-player" style={{ overflow: "hidden" }} />;
}
