import { Text } from "@mantine/core";
import { SettingsSection } from "../settings-section";

// Placeholder: this section is being built.
export function SessionsSection() {
  return (
    <SettingsSection title="Sessions">
      <Text>Coming next.</Text>
    </SettingsSection>
  );
}
