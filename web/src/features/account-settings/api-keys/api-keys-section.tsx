import { Text } from "@mantine/core";
import { SettingsSection } from "../settings-section";

// Placeholder: this section is being built.
export function ApiKeysSection() {
  return (
    <SettingsSection title="API keys">
      <Text>Coming next.</Text>
    </SettingsSection>
  );
}
