import type { api } from "@gatehouse/clients/react";
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { ACTION_LABELS } from "./rule-labels";
import { useTrySignUp } from "./use-sign-up-rules";

const METHODS = ["password", "otp", "oauth", "passkey"] as const;
const STATUS_LABELS: Record<api.SignUpRuleEvaluation["status"], { label: string; color: string }> = {
  matched: { label: "Matched", color: "green" },
  not_matched: { label: "No match", color: "gray" },
  disabled: { label: "Disabled", color: "gray" },
  missing_condition: { label: "No condition", color: "yellow" },
  error: { label: "Error", color: "red" },
};

/** Describes a sign-up and shows what the saved rules would do with it, rule by rule; nothing is recorded. */
export function TrySignUp({ projectId }: { projectId: string }) {
  const trial = useTrySignUp(projectId);
  const form = useForm({
    initialValues: { email: "", authMethod: "password" as (typeof METHODS)[number], oauthProvider: "", countryCode: "" },
    validate: {
      countryCode: (value) => (value.trim() === "" || /^[a-zA-Z]{2}$/.test(value.trim()) ? null : "Two letters, such as DE, or nothing."),
      email: (value) => (value.length > 1024 ? "Use at most 1024 characters." : null),
    },
  });
  const submit = form.onSubmit((values) =>
    trial.mutate({
      data: {
        email: values.email.trim() || null,
        auth_method: values.authMethod,
        oauth_provider: values.authMethod === "oauth" && values.oauthProvider.trim() ? values.oauthProvider.trim() : null,
        country_code: values.countryCode.trim() || null,
      },
    }),
  );
  return (
    <Stack gap="md">
      <form noValidate onSubmit={submit} aria-label="Try a sign-up">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="E-mail" name="email" placeholder="someone@example.com" {...form.getInputProps("email")} />
            <Select label="Sign-in method" name="authMethod" data={[...METHODS]} allowDeselect={false} {...form.getInputProps("authMethod")} />
            <TextInput
              label="OAuth provider"
              name="oauthProvider"
              placeholder="github"
              description="Only for oauth."
              disabled={form.values.authMethod !== "oauth"}
              {...form.getInputProps("oauthProvider")}
            />
            <TextInput label="Country" name="countryCode" placeholder="DE" description="Empty: your own, if the server knows it." {...form.getInputProps("countryCode")} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={trial.isPending}>
              Try it
            </Button>
          </Group>
        </Stack>
      </form>
      <ErrorAlert message={trial.error ? errorMessage(trial.error) : null} />
      {trial.data ? <TrialResult result={trial.data} /> : null}
    </Stack>
  );
}

function TrialResult({ result }: { result: api.SignUpRulesTestResult }) {
  const { outcome } = result;
  const verdict = outcome.should_allow
    ? outcome.restricted_because_of_rule_id
      ? `Allowed, and the user starts restricted (rule ${outcome.restricted_because_of_rule_id}).`
      : "Allowed."
    : "Rejected.";
  const by = outcome.decision_rule_id ? `Decided by rule ${outcome.decision_rule_id}.` : "No rule decided: the default action applied.";
  return (
    <Paper withBorder p="md" radius="md" role="status" aria-label="Result">
      <Stack gap="sm">
        <Group gap="sm">
          <Badge color={outcome.should_allow ? "green" : "red"} size="lg" variant="light">
            {outcome.should_allow ? "Allowed" : "Rejected"}
          </Badge>
          <Text size="sm">
            {verdict} {by}
          </Text>
        </Group>
        {result.evaluations.length === 0 ? (
          <Text size="sm" c="dimmed">
            No rule was looked at.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="xs" aria-label="Rules looked at">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rule</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.evaluations.map((evaluation) => (
                  <Table.Tr key={evaluation.rule_id}>
                    <Table.Td>
                      <Text size="sm" className="break-anywhere">
                        {evaluation.display_name || evaluation.rule_id}
                      </Text>
                      {evaluation.error ? (
                        <Text size="xs" c="red" className="break-anywhere">
                          {evaluation.error}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{ACTION_LABELS[evaluation.action.type].label}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_LABELS[evaluation.status].color} variant="light">
                        {STATUS_LABELS[evaluation.status].label}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Text size="xs" c="dimmed">
          As the rules saw it: e-mail “{result.context.email}”, domain “{result.context.email_domain}”, method {result.context.auth_method}
          {result.context.oauth_provider ? ` (${result.context.oauth_provider})` : ""}, country {result.context.country_code || "unknown"}.
        </Text>
      </Stack>
    </Paper>
  );
}
