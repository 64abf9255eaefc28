import { Button, EmptyState, Group, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Boundary } from "../../../components/boundary";
import { ErrorAlert } from "../../../components/error-alert";
import { useDocumentTitle } from "../../../components/page-card";
import { errorMessage } from "../../../lib/error-message";
import { SettingsHeading } from "../../../components/settings-heading";
import { useProjectId } from "../shell/project-context";
import { RuleCard } from "./rule-card";
import { RuleFormModal } from "./rule-form-modal";
import { ruleName } from "./rule-labels";
import { TrySignUp } from "./try-sign-up";
import { storedRule, useSaveSignUpRules, useSignUpRuleStats, useSignUpRules, type DefaultAction, type SignUpRule } from "./use-sign-up-rules";

/** Space left between priorities when rules are put in a new order, so that one can go between two. */
const PRIORITY_STEP = 10;

/**
 * The project's sign-up rules (config `auth.signUpRules`): conditions over each sign-up, run in
 * order, that allow, reject, restrict or only count it; the default action for sign-ups no rule
 * decided; and a trial run of a sign-up against the saved rules.
 */
export function SignUpRulesPage() {
  useDocumentTitle("Sign-up rules");
  const projectId = useProjectId();
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Sign-up rules
        </Title>
        <Text c="dimmed">Decide who may sign up: each new account is checked against these rules, from the top, before it is made.</Text>
      </Stack>
      <Boundary>
        <SignUpRules projectId={projectId} />
      </Boundary>
    </Stack>
  );
}

function SignUpRules({ projectId }: { projectId: string }) {
  const { rules, defaultAction } = useSignUpRules(projectId);
  const stats = useSignUpRuleStats(projectId);
  const saver = useSaveSignUpRules(projectId);
  const [editing, setEditing] = useState<SignUpRule | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (changes: Record<string, unknown>) => {
    setFailure(null);
    try {
      await saver.save(changes);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  /** Puts `rules` in `order` by giving them falling priorities; only changed ones are written. */
  const reorder = (order: SignUpRule[]) => {
    const changes: Record<string, unknown> = {};
    order.forEach((rule, index) => {
      const priority = (order.length - 1 - index) * PRIORITY_STEP;
      if (rule.priority !== priority) changes[`auth.signUpRules.${rule.id}.priority`] = priority;
    });
    void save(changes);
  };
  const move = (index: number, direction: -1 | 1) => {
    const order = [...rules];
    const [moved] = order.splice(index, 1);
    order.splice(index + direction, 0, moved!);
    reorder(order);
  };
  const triggersOf = new Map(stats.rule_triggers.map((entry) => [entry.rule_id, entry]));
  const topPriority = rules.length === 0 ? 0 : rules[0]!.priority + PRIORITY_STEP;

  return (
    <Stack gap="xl">
      <Stack gap="md" component="section" aria-label="Rules">
        <Group justify="space-between" align="flex-end">
          <SettingsHeading
            order={2}
            title="Rules"
            description="The first matching rule that allows or rejects decides; restrict and log rules let the ones below them run."
          />
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
            Add rule
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {stats.total_triggers === 0
            ? "No rule matched a sign-up in the last 48 hours."
            : `In the last 48 hours: ${stats.total_triggers === 1 ? "1 match" : `${stats.total_triggers} matches`} (${stats.triggers_by_action.allow} allow, ${stats.triggers_by_action.reject} reject, ${stats.triggers_by_action.restrict} restrict, ${stats.triggers_by_action.log} log).`}
        </Text>
        <ErrorAlert message={failure} />
        {rules.length === 0 ? (
          <EmptyState
            size="sm"
            icon={<IconShieldCheck aria-hidden />}
            withIndicatorBackground
            title="No sign-up rules yet"
            description="Everyone may sign up, as the default action below says. Add a rule to refuse, restrict or watch some sign-ups, or to allow only some."
          />
        ) : (
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="Sign-up rules, in the order they run">
            {rules.map((rule, index) => (
              <RuleCard
                key={rule.id}
                rule={rule}
                position={index + 1}
                triggers={triggersOf.get(rule.id)}
                busy={saver.isPending}
                canMoveUp={index > 0}
                canMoveDown={index < rules.length - 1}
                onMove={(direction) => move(index, direction)}
                onToggle={(enabled) => void save({ [`auth.signUpRules.${rule.id}.enabled`]: enabled })}
                onEdit={() => setEditing(rule)}
                onDelete={async () => {
                  await saver.save({ [`auth.signUpRules.${rule.id}`]: null });
                  notifications.show({ message: `${ruleName(rule)} was deleted.`, color: "green" });
                }}
              />
            ))}
          </Stack>
        )}
      </Stack>

      <Stack gap="md" component="section" aria-label="Default action">
        <SettingsHeading order={2} title="When no rule decides" description="What happens to a sign-up that no allow or reject rule matched." />
        <Paper withBorder p="md" radius="md">
          <SegmentedControl
            aria-label="Default action"
            value={defaultAction}
            disabled={saver.isPending}
            data={[
              { value: "allow", label: "Allow the sign-up" },
              { value: "reject", label: "Reject the sign-up" },
            ]}
            onChange={(value) => void save({ "auth.signUpRulesDefaultAction": value as DefaultAction })}
          />
        </Paper>
      </Stack>

      <Stack gap="md" component="section" aria-label="Try a sign-up">
        <SettingsHeading order={2} title="Try a sign-up" description="See what the saved rules would do with a sign-up, rule by rule. Nothing is recorded." />
        <TrySignUp projectId={projectId} />
      </Stack>

      <RuleFormModal
        rule={editing}
        takenIds={rules.map((rule) => rule.id)}
        newPriority={topPriority}
        onClose={() => setEditing(undefined)}
        onSave={(rule) => saver.save({ [`auth.signUpRules.${rule.id}`]: storedRule(rule) })}
      />
    </Stack>
  );
}
