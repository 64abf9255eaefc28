import { Text } from "@mantine/core";
import { SettingsSection } from "../settings-section";

// Placeholder: this section is being built.
export function NotificationsSection() {
  return (
    <SettingsSection title="Notifications">
      <Text>Coming next.</Text>
    </SettingsSection>
  );
}
