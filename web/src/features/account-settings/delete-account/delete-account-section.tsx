import { Text } from "@mantine/core";
import { SettingsSection } from "../settings-section";

// Placeholder: this section is being built.
export function DeleteAccountSection() {
  return (
    <SettingsSection title="Delete account">
      <Text>Coming next.</Text>
    </SettingsSection>
  );
}
