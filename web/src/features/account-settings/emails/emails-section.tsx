import { Text } from "@mantine/core";
import { SettingsSection } from "../settings-section";

// Placeholder: this section is being built.
export function EmailsSection() {
  return (
    <SettingsSection title="E-mails">
      <Text>Coming next.</Text>
    </SettingsSection>
  );
}
