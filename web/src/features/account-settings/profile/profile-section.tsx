import { useUser } from "@gatehouse/clients/react";
import { Stack } from "@mantine/core";
import { SettingsSection } from "../../../components/settings-section";
import { DisplayNameForm } from "./display-name-form";
import { ProfileImageForm } from "./profile-image-form";

export function ProfileSection() {
  return (
    <SettingsSection title="Profile" description="How you appear to others in this app and its teams.">
      <Profile />
    </SettingsSection>
  );
}

function Profile() {
  const user = useUser({ or: "redirect" });
  return (
    <Stack gap="xl">
      <ProfileImageForm user={user} />
      <DisplayNameForm user={user} />
    </Stack>
  );
}
