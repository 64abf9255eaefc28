import { Text } from "@mantine/core";
import { SettingsSection } from "../settings-section";

// Placeholder: this section is being built.
export function TeamsSection() {
  return (
    <SettingsSection title="Teams">
      <Text>Coming next.</Text>
    </SettingsSection>
  );
}
