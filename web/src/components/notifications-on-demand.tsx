import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

// Mantine's notification list and its transitions: most visits never show a notification.
const Notifications = lazy(() => import("@mantine/notifications").then((m) => ({ default: m.Notifications })));

/**
 * Where notifications appear, loaded when the first one is shown: `notifications.show` only puts
 * it in Mantine's store, which this watches, so no page waits for the list's code.
 */
export function NotificationsOnDemand({ position }: { position: "top-center" }) {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position={position} />
    </Suspense>
  );
}
