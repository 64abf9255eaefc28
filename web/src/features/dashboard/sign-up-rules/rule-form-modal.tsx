import { Code, List, Modal, NumberInput, Select, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { focusFirstError } from "../../../lib/validation";
import { useSaveThenClose } from "../../../lib/use-save-then-close";
import { ACTION_LABELS, CONDITION_VARIABLES } from "./rule-labels";
import { ACTIONS, type RuleAction, type SignUpRule } from "./use-sign-up-rules";
import { FormActions } from "../../../components/form-actions";

const ID_PATTERN = /^[a-zA-Z0-9_][a-zA-Z0-9_-]*$/;

interface RuleFormModalProps {
  /** The rule being changed; null to add one; undefined when closed. */
  rule: SignUpRule | null | undefined;
  takenIds: string[];
  /** The priority a new rule gets: above every rule, so that it runs first. */
  newPriority: number;
  onClose: () => void;
  onSave: (rule: SignUpRule) => Promise<unknown>;
}

export function RuleFormModal({ rule, ...props }: RuleFormModalProps) {
  return (
    <Modal opened={rule !== undefined} onClose={props.onClose} title={rule ? `Edit ${rule.displayName || rule.id}` : "Add a sign-up rule"} size="lg" centered>
      {rule !== undefined ? <RuleForm key={rule?.id ?? "new"} rule={rule} {...props} /> : null}
    </Modal>
  );
}

function RuleForm({ rule, takenIds, newPriority, onClose, onSave }: RuleFormModalProps & { rule: SignUpRule | null }) {
  const { error, saving, run } = useSaveThenClose(onClose);
  const form = useForm({
    initialValues: {
      id: rule?.id ?? "",
      displayName: rule?.displayName ?? "",
      condition: rule?.condition ?? "",
      action: (rule?.action.type ?? "reject") as RuleAction,
      message: rule?.action.message ?? "",
      priority: rule?.priority ?? newPriority,
      enabled: rule?.enabled ?? true,
    },
    validate: {
      id: (value) => {
        if (rule) return null;
        const id = value.trim();
        if (!id) return "Give the rule an id.";
        if (id.length > 63 || !ID_PATTERN.test(id)) return "Use at most 63 letters, digits, underscores and hyphens, not starting with a hyphen.";
        return takenIds.includes(id) ? "Another rule has this id." : null;
      },
      displayName: (value) => (value.length > 256 ? "Use at most 256 characters." : null),
      condition: (value) => (value.trim() ? null : "Write the condition, for example: emailDomain == \"example.com\""),
      message: (value) => (value.length > 1024 ? "Use at most 1024 characters." : null),
      priority: (value) => (Number.isInteger(value) && value >= 0 && value <= 1_000_000 ? null : "A whole number from 0 to 1,000,000."),
    },
  });
  const submit = form.onSubmit(
    (values) =>
      run(() =>
        onSave({
          id: values.id.trim(),
          displayName: values.displayName.trim(),
          condition: values.condition.trim(),
          priority: values.priority,
          enabled: values.enabled,
          action: { type: values.action, ...(values.message.trim() ? { message: values.message.trim() } : {}) },
        }),
      ),
    focusFirstError,
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput label="Id" name="id" description="Letters, digits, underscores and hyphens; it cannot change later." disabled={rule !== null} data-autofocus {...form.getInputProps("id")} />
        <TextInput label="Name" name="displayName" description="Optional: what this page and restricted users' notes call it." {...form.getInputProps("displayName")} />
        <Textarea
          label="Condition"
          name="condition"
          description="A CEL expression that is true for the sign-ups this rule is about."
          placeholder={'emailDomain in ["example.com", "example.org"] && authMethod == "password"'}
          autosize
          minRows={2}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          {...form.getInputProps("condition")}
        />
        <Stack gap={4}>
          <Text size="sm">It can read:</Text>
          <List size="sm" spacing={2}>
            {CONDITION_VARIABLES.map(([name, meaning]) => (
              <List.Item key={name}>
                <Code>{name}</Code> {meaning}
              </List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            Strings have contains(), startsWith(), endsWith() and matches() (an RE2 regular expression); lists go with in; combine with &&, || and !.
          </Text>
        </Stack>
        <Select
          label="Action"
          name="action"
          description={ACTION_LABELS[form.values.action].help}
          data={ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value].label }))}
          allowDeselect={false}
          {...form.getInputProps("action")}
        />
        <TextInput label="Note" name="message" description="Optional, for administrators only: the person signing up never sees it." {...form.getInputProps("message")} />
        <NumberInput
          label="Priority"
          name="priority"
          description="Rules run from the highest priority down; rules of equal priority by id."
          min={0}
          max={1_000_000}
          allowDecimal={false}
          {...form.getInputProps("priority")}
        />
        <Switch label="Enabled" name="enabled" {...form.getInputProps("enabled", { type: "checkbox" })} />
        <FormActions error={error} onCancel={onClose} pending={saving} submitLabel={rule ? "Save rule" : "Add rule"} />
      </Stack>
    </form>
  );
}
