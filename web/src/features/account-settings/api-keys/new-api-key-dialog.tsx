import type { CreatedApiKey } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { ShownOnceDialog } from "../../../components/shown-once-dialog";

/** The one time a key's whole value is shown; closing the dialog forgets it for good. */
export function NewApiKeyDialog({ apiKey, onClose }: { apiKey: CreatedApiKey | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <ShownOnceDialog
      title={t`Your new API key`}
      values={apiKey ? [{ label: apiKey.description, value: apiKey.value, copyLabel: t`Copy key`, testId: "new-api-key-value" }] : null}
      warning={t`This is the only time the whole key is shown. Once you close this window, only its last four characters are kept, and a lost key cannot be recovered: you would create a new one.`}
      onClose={onClose}
    />
  );
}
