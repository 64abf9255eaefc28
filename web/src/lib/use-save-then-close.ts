import { useState } from "react";
import { errorMessage } from "./error-message";

/**
 * A catalog form's save: runs it, closes the form when it succeeds, and keeps the server's
 * message (a SCHEMA_ERROR naming the key) for the form to show when it fails.
 */
export function useSaveThenClose(onClose: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const run = async (save: () => Promise<unknown>) => {
    setSaving(true);
    setError(null);
    try {
      await save();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  return { error, saving, run };
}
