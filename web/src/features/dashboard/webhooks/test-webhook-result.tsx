import type { api } from "@gatehouse/clients/react";
import { Alert } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { ErrorAlert } from "../../../components/error-alert";

/** What the endpoint answered to a test event. */
export function TestWebhookResult({ result }: { result: api.SendTestWebhookResult }) {
  if (result.success) {
    return (
      <Alert color="green" variant="light" icon={<IconCheck aria-hidden />} role="status">
        The endpoint took the test event{result.status_code === null ? "" : ` (HTTP ${result.status_code})`}.
      </Alert>
    );
  }
  const answer = result.status_code === null ? "no answer" : `HTTP ${result.status_code}`;
  return <ErrorAlert title="The endpoint did not take the test event" message={`${result.error_message ?? "No reason given"} (${answer}).`} />;
}
