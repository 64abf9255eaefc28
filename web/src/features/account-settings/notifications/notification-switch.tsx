import { useUpdateNotificationPreference, type NotificationPreference } from "@gatehouse/clients/react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Loader, Stack, Switch } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";

/** The built-in categories' names, translated; a category the project made itself keeps its own name. */
const CATEGORY_NAMES: Record<string, MessageDescriptor> = { Transactional: msg`Transactional`, Marketing: msg`Marketing` };

/** One kind of e-mail, on or off. While saving it shows the new choice; afterwards, what the server kept. */
export function NotificationSwitch({ preference }: { preference: NotificationPreference }) {
  const update = useUpdateNotificationPreference();
  const { t, i18n } = useLingui();
  const category = preference.notification_category_name;
  const name = category in CATEGORY_NAMES ? i18n._(CATEGORY_NAMES[category]!) : category;
  const checked = update.isPending && update.variables ? update.variables.data.enabled : preference.enabled;
  const change = (enabled: boolean) =>
    update.mutate(
      { userId: "me", notificationCategoryId: preference.notification_category_id, data: { enabled } },
      {
        onSuccess: (answer) =>
          notifications.show({
            message: answer.enabled ? t`You will receive ${name} e-mails.` : t`You will no longer receive ${name} e-mails.`,
            color: "green",
          }),
      },
    );
  return (
    <Stack gap="xs">
      <Switch
        label={name}
        description={
          preference.can_disable
            ? t`You can also turn these off from the link at the end of each one.`
            : t`Always on: your account depends on these e-mails, such as sign-in codes, verification links and password resets.`
        }
        checked={preference.can_disable ? checked : true}
        disabled={!preference.can_disable}
        onChange={(event) => change(event.currentTarget.checked)}
        thumbIcon={update.isPending ? <Loader size={10} color="gray" /> : undefined}
        aria-busy={update.isPending || undefined}
        size="md"
      />
      <ErrorAlert message={update.error ? errorMessage(update.error) : null} />
    </Stack>
  );
}
