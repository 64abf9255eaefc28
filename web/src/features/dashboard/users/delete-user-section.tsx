import type { api } from "@gatehouse/clients/react";
import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useNavigate } from "react-router";
import { TypeToDeleteModal } from "../../../components/type-to-delete-modal";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { useDeleteProjectUser } from "./use-project-user";
import { userErrorMessage } from "./user-error-message";
import { userLabel } from "./user-badges";

export function DeleteUserSection({ user }: { user: api.ServerUser }) {
  const [opened, dialog] = useDisclosure(false);
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-label="Delete user" style={{ borderColor: "var(--mantine-color-red-outline)" }}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          Delete user
        </Title>
        <Text c="dimmed" size="sm">
          Deletes the user with their sessions, e-mail addresses, API keys and team memberships. This cannot be undone.
        </Text>
        <Button color="red" variant="outline" onClick={dialog.open}>
          Delete user
        </Button>
      </Stack>
      <DeleteUserModal user={user} opened={opened} onClose={dialog.close} />
    </Paper>
  );
}

/** The admin types the user's e-mail address (or "delete", without one) before the button works. */
function DeleteUserModal({ user, opened, onClose }: { user: api.ServerUser; opened: boolean; onClose: () => void }) {
  const projectId = useProjectId();
  const remove = useDeleteProjectUser(projectId);
  const navigate = useNavigate();
  return (
    <TypeToDeleteModal
      opened={opened}
      onClose={onClose}
      title="Delete this user?"
      confirmLabel="Delete user"
      email={user.primary_email}
      emailLabel="To confirm, type the user's e-mail address"
      description={user.primary_email ? <span className="break-anywhere">{user.primary_email}</span> : "The user has no e-mail address, so the word delete stands in for it."}
      deletion={{ mutateAsync: () => remove.mutateAsync({ userId: user.id }), isPending: remove.isPending, reset: remove.reset }}
      error={remove.error ? userErrorMessage(remove.error) : null}
      onDeleted={() => {
        void navigate(dashboardPath(projectId, "users"), { replace: true });
        notifications.show({ message: `${userLabel(user)} is deleted.`, color: "green" });
      }}
    >
      <Text>
        <strong className="break-anywhere">{userLabel(user)}</strong> and everything that belongs to them will be deleted right away: their sessions end, and they can no longer
        sign in. You cannot undo this.
      </Text>
    </TypeToDeleteModal>
  );
}
