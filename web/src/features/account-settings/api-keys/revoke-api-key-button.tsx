import { useUpdateApiKey, type UserApiKey } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ConfirmAction } from "../../../components/confirm-action";

export function RevokeApiKeyButton({ apiKey }: { apiKey: UserApiKey }) {
  const { t } = useLingui();
  const revoke = useUpdateApiKey();
  const description = apiKey.description;
  const lastFour = apiKey.value.last_four;
  return (
    <Group>
      <ConfirmAction
        trigger={(ask) => (
          <Button variant="outline" color="red" size="xs" onClick={ask} aria-label={t`Revoke the key ${description}`}>
            <Trans>Revoke</Trans>
          </Button>
        )}
        title={t`Revoke this key?`}
        confirmLabel={t`Revoke key`}
        action={() => revoke.mutateAsync({ id: apiKey.id, data: { revoked: true } })}
        onDone={() => notifications.show({ message: t`The key “${description}” is revoked.`, color: "green" })}
      >
        {t`Anything that uses “${description}” (ending in ${lastFour}) stops working at once. A revoked key cannot be turned back on.`}
      </ConfirmAction>
    </Group>
  );
}
