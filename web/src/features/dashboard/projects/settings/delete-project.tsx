import type { api } from "@gatehouse/clients/react";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmModal } from "../../../../components/confirm-modal";
import { errorMessage } from "../../../../lib/error-message";
import { useDeleteAdminProject } from "./use-project-settings";

/** Deletes the project for good, once its name is typed, and goes back to the projects. */
export function DeleteProject({ project }: { project: api.AdminProject }) {
  const [opened, dialog] = useDisclosure(false);
  const [typed, setTyped] = useState("");
  const remove = useDeleteAdminProject(project.id);
  const navigate = useNavigate();
  const open = () => {
    setTyped("");
    remove.reset();
    dialog.open();
  };
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        dialog.close();
        void navigate("/dashboard");
        remove.forget();
        notifications.show({ message: `${project.display_name} is deleted.`, color: "green" });
      },
    });
  return (
    <Stack gap="xs">
      <Text fw={600}>Delete this project</Text>
      <Text size="sm" c="dimmed">
        Its users, teams, keys, settings and e-mails go with it, at once and for good.
      </Text>
      <Group>
        <Button color="red" onClick={open}>
          Delete project
        </Button>
      </Group>
      <ConfirmModal
        opened={opened}
        onClose={dialog.close}
        title={`Delete ${project.display_name}?`}
        confirmLabel="Delete project"
        onConfirm={confirm}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        confirmDisabled={typed !== project.display_name}
      >
        <Text size="sm">
          Every user, team, session, API key, setting and e-mail of {project.display_name} is deleted, and apps using its keys stop working at once. This
          cannot be undone.
        </Text>
        <TextInput
          label={`Type “${project.display_name}” to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </ConfirmModal>
    </Stack>
  );
}
