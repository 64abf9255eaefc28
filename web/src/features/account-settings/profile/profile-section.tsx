import { useUser } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { Stack } from "@mantine/core";
import { SettingsSection } from "../../../components/settings-section";
import { DisplayNameForm } from "./display-name-form";
import { ProfileImageForm } from "./profile-image-form";

export function ProfileSection() {
  const { t } = useLingui();
  return (
    <SettingsSection title={t`Profile`} description={t`How you appear to others in this app and its teams.`}>
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
