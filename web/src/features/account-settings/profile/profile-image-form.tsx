import { useUpdateUser, type CurrentUser } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { ProfileImageProblem, profileImageDataUrl } from "../../../lib/profile-image";

export function ProfileImageForm({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const update = useUpdateUser();
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const name = user.display_name ?? user.primary_email ?? "";

  const save = (profileImageUrl: string | null, message: string) => {
    update.mutate({ data: { profile_image_url: profileImageUrl } }, { onSuccess: () => notifications.show({ message, color: "green" }) });
  };
  const pick = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    update.reset();
    setReading(true);
    try {
      save(await profileImageDataUrl(file), t`Your picture is saved.`);
    } catch (error) {
      setProblem(error instanceof ProfileImageProblem ? error.message : t`This image could not be used.`);
    } finally {
      setReading(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        <Trans>Profile picture</Trans>
      </Text>
      <Group gap="lg">
        <Avatar
          src={user.profile_image_url}
          alt={user.profile_image_url ? t`Your profile picture` : ""}
          name={name}
          color="initials"
          size={72}
          radius="xl"
          data-testid="profile-image"
        />
        <Group gap="sm">
          <FileButton onChange={(file) => void pick(file)} accept="image/png,image/jpeg,image/webp,image/gif">
            {(props) => (
              <Button {...props} variant="default" loading={reading || update.isPending}>
                {user.profile_image_url ? <Trans>Change picture</Trans> : <Trans>Upload picture</Trans>}
              </Button>
            )}
          </FileButton>
          {user.profile_image_url ? (
            <Button variant="subtle" color="red" disabled={update.isPending} onClick={() => save(null, t`Your picture is removed.`)}>
              <Trans>Remove</Trans>
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        <Trans>PNG, JPEG, WebP or GIF. Large pictures are made smaller to fit under 100 KB.</Trans>
      </Text>
      <ErrorAlert message={problem ?? (update.error ? errorMessage(update.error) : null)} />
    </Stack>
  );
}
