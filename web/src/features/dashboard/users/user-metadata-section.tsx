import type { api } from "@gatehouse/clients/react";
import { Stack } from "@mantine/core";
import { SettingsSection } from "../../../components/settings-section";
import { MetadataForm } from "./metadata-form";

export function UserMetadataSection({ user }: { user: api.ServerUser }) {
  return (
    <SettingsSection title="Metadata" description="Any JSON your app keeps with the user. Leave a field empty to clear it.">
      <Stack gap="xl">
        <MetadataForm
          user={user}
          field="client_metadata"
          label="Client metadata"
          description="Read and written by the user's own app (client access): keep nothing here the user must not change."
        />
        <MetadataForm
          user={user}
          field="client_read_only_metadata"
          label="Client read-only metadata"
          description="Read by the user's app; written only by your server or here."
        />
        <MetadataForm user={user} field="server_metadata" label="Server metadata" description="Read and written only by your server and here; the user's app never sees it." />
      </Stack>
    </SettingsSection>
  );
}
