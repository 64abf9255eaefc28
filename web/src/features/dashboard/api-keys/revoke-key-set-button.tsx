import type { api } from "@gatehouse/clients/react";
import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ConfirmAction } from "../../../components/confirm-action";
import { useUpdateProjectApiKeySet } from "./use-project-api-keys";

export function RevokeKeySetButton({ projectId, keySet }: { projectId: string; keySet: api.ProjectApiKeySet }) {
  const revoke = useUpdateProjectApiKeySet(projectId);
  const name = keySet.description || "this key set";
  return (
    <Group>
      <ConfirmAction
        trigger={(ask) => (
          <Button variant="outline" color="red" size="xs" onClick={ask} aria-label={`Revoke ${name}`}>
            Revoke
          </Button>
        )}
        title="Revoke these keys?"
        confirmLabel="Revoke keys"
        action={() => revoke.mutateAsync({ id: keySet.id, data: { revoked: true } })}
        onDone={() => notifications.show({ message: `The keys “${name}” are revoked.`, color: "green" })}
      >
        {`Every key of “${name}” stops working at once: apps and servers using them are refused until they get new keys. Revoked keys cannot be turned back on.`}
      </ConfirmAction>
    </Group>
  );
}
