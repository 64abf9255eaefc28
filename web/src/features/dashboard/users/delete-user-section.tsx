import type { api } from "@gatehouse/clients/react";
import { Button, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmModal } from "../../../components/confirm-modal";
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
  const [typed, setTyped] = useState("");
  const expected = user.primary_email ?? "delete";
  const close = () => {
    setTyped("");
    remove.reset();
    onClose();
  };
  const confirm = () =>
    remove.mutateAsync({ userId: user.id }).then(
      () => {
        void navigate(dashboardPath(projectId, "users"), { replace: true });
        notifications.show({ message: `${userLabel(user)} is deleted.`, color: "green" });
      },
      // The dialog shows remove.error.
      () => {},
    );
  return (
    <ConfirmModal
      opened={opened}
      onClose={close}
      title="Delete this user?"
      confirmLabel="Delete user"
      onConfirm={() => void confirm()}
      pending={remove.isPending}
      error={remove.error ? userErrorMessage(remove.error) : null}
      confirmDisabled={typed.trim().toLowerCase() !== expected.toLowerCase()}
    >
      <Text>
        <strong className="break-anywhere">{userLabel(user)}</strong> and everything that belongs to them will be deleted right away: their sessions end, and they can no longer
        sign in. You cannot undo this.
      </Text>
      <TextInput
        label={user.primary_email ? "To confirm, type the user's e-mail address" : "To confirm, type delete"}
        description={user.primary_email ? <span className="break-anywhere">{user.primary_email}</span> : "The user has no e-mail address, so the word delete stands in for it."}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus
      />
    </ConfirmModal>
  );
}
