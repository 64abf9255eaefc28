import type { CreatedApiKey } from "@gatehouse/clients/react";
import { ShownOnceDialog } from "../../../components/shown-once-dialog";

/** The one time a key's whole value is shown; closing the dialog forgets it for good. */
export function NewApiKeyDialog({ apiKey, onClose }: { apiKey: CreatedApiKey | null; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title="Your new API key"
      values={apiKey ? [{ label: apiKey.description, value: apiKey.value, copyLabel: "Copy key", testId: "new-api-key-value" }] : null}
      warning="This is the only time the whole key is shown. Once you close this window, only its last four characters are kept, and a lost key cannot be recovered: you would create a new one."
      onClose={onClose}
    />
  );
}
