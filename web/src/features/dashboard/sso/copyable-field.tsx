import { Stack, Text } from "@mantine/core";
import { CopyableValue } from "../../../components/copyable-value";

/** A value to give the identity provider or the DNS provider: its name above it, as the OAuth server's settings show their URLs. */
export function CopyableField({ label, value, copyLabel = `Copy the ${label.toLowerCase()}`, testId }: { label: string; value: string; copyLabel?: string; testId?: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <CopyableValue value={value} copyLabel={copyLabel} testId={testId} />
    </Stack>
  );
}
