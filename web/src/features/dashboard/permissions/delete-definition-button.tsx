import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ConfirmAction } from "../../../components/confirm-action";
import { useDeletePermissionDefinition, type PermissionScope } from "./use-permission-definitions";

export function DeleteDefinitionButton({ projectId, scope, id }: { projectId: string; scope: PermissionScope; id: string }) {
  const remove = useDeletePermissionDefinition(projectId, scope);
  return (
    <ConfirmAction
      trigger={(ask) => (
        <Button variant="subtle" color="red" size="compact-sm" onClick={ask} aria-label={`Delete ${id}`}>
          Delete
        </Button>
      )}
      title={`Delete ${id}?`}
      confirmLabel="Delete permission"
      action={() => remove.mutateAsync(id)}
      onDone={() => notifications.show({ message: `${id} is deleted.`, color: "green" })}
    >
      {`Everyone who holds ${id} loses it at once, the permissions that contain it no longer do, and it leaves the default permissions. Your app's checks for it will fail.`}
    </ConfirmAction>
  );
}
