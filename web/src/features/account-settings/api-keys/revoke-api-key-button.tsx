import { useUpdateApiKey, type UserApiKey } from "@gatehouse/clients/react";
import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ConfirmAction } from "../../../components/confirm-action";

export function RevokeApiKeyButton({ apiKey }: { apiKey: UserApiKey }) {
  const revoke = useUpdateApiKey();
  return (
    <Group>
      <ConfirmAction
        trigger={(ask) => (
          <Button variant="outline" color="red" size="xs" onClick={ask} aria-label={`Revoke the key ${apiKey.description}`}>
            Revoke
          </Button>
        )}
        title="Revoke this key?"
        confirmLabel="Revoke key"
        action={() => revoke.mutateAsync({ id: apiKey.id, data: { revoked: true } })}
        onDone={() => notifications.show({ message: `The key “${apiKey.description}” is revoked.`, color: "green" })}
      >
        {`Anything that uses “${apiKey.description}” (ending in ${apiKey.value.last_four}) stops working at once. A revoked key cannot be turned back on.`}
      </ConfirmAction>
    </Group>
  );
}
