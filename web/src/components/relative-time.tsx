import { useLingui } from "@lingui/react/macro";
import { Text, Tooltip } from "@mantine/core";
import { exactTime, relativeTime } from "../lib/format-time";

/**
 * A moment as "5 minutes ago", with the exact date and time in a tooltip that opens on hover,
 * keyboard focus and touch alike; both in the page's language.
 */
export function RelativeTime({ millis }: { millis: number }) {
  const { i18n } = useLingui();
  const exact = exactTime(millis, i18n.locale);
  return (
    <Tooltip label={exact} events={{ hover: true, focus: true, touch: true }} withArrow>
      <Text component="time" dateTime={new Date(millis).toISOString()} tabIndex={0} inherit span td="underline dotted">
        {relativeTime(millis, Date.now(), i18n.locale)}
      </Text>
    </Tooltip>
  );
}
