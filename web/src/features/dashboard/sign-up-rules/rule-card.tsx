import type { api } from "@gatehouse/clients/react";
import { ActionIcon, Badge, Button, Code, Group, Paper, Stack, Switch, Text, Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { ConfirmAction } from "../../../components/confirm-action";
import { ACTION_LABELS, ruleName } from "./rule-labels";
import type { SignUpRule } from "./use-sign-up-rules";

interface RuleCardProps {
  rule: SignUpRule;
  /** Its place in the run order, from 1. */
  position: number;
  triggers: api.SignUpRuleTriggers | undefined;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
  onMove: (direction: -1 | 1) => void;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}

/** One rule: what it matches, what it does, how often it matched, and its controls. */
export function RuleCard({ rule, position, triggers, busy, onToggle, onMove, canMoveUp, canMoveDown, onEdit, onDelete }: RuleCardProps) {
  const name = ruleName(rule);
  const action = ACTION_LABELS[rule.action.type];
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={name} style={{ opacity: rule.enabled ? 1 : 0.75 }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text c="dimmed" fw={600} aria-label={`Runs ${ordinal(position)}`}>
              {position}.
            </Text>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} className="break-anywhere">
                {name}
              </Text>
              <Text size="xs" c="dimmed" className="break-anywhere">
                {rule.displayName ? `${rule.id} · ` : ""}priority {rule.priority}
              </Text>
            </Stack>
          </Group>
          <Badge color={action.color} variant="light" style={{ flexShrink: 0 }}>
            {action.label}
          </Badge>
        </Group>
        <Code block className="break-anywhere" style={{ whiteSpace: "pre-wrap" }}>
          {rule.condition || "(no condition: the rule is skipped)"}
        </Code>
        {rule.action.message ? (
          <Text size="sm" c="dimmed" className="break-anywhere">
            Note: {rule.action.message}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {matchesText(triggers)}
        </Text>
        <Group gap="xs" justify="space-between">
          <Switch label="Enabled" aria-label={`Enabled: ${name}`} checked={rule.enabled} disabled={busy} onChange={(event) => onToggle(event.currentTarget.checked)} />
          <Group gap="xs">
            <Tooltip label="Run earlier">
              <ActionIcon variant="default" size="lg" aria-label={`Run ${name} earlier`} disabled={busy || !canMoveUp} onClick={() => onMove(-1)}>
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Run later">
              <ActionIcon variant="default" size="lg" aria-label={`Run ${name} later`} disabled={busy || !canMoveDown} onClick={() => onMove(1)}>
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${name}`}>
              Edit
            </Button>
            <ConfirmAction
              trigger={(ask) => (
                <Button size="xs" variant="outline" color="red" onClick={ask} aria-label={`Delete ${name}`}>
                  Delete
                </Button>
              )}
              title={`Delete ${name}?`}
              confirmLabel="Delete rule"
              action={onDelete}
            >
              {`Sign-ups are no longer judged by this rule, and its match counts are dropped.`}
            </ConfirmAction>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

function matchesText(triggers: api.SignUpRuleTriggers | undefined): string {
  if (!triggers || triggers.all_time_count === 0) return "No matches yet.";
  const recent = triggers.total_count === 1 ? "1 match" : `${triggers.total_count} matches`;
  return `${recent} in the last 48 hours; ${triggers.all_time_count} in all.`;
}

function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th";
  return `${n}${suffix}`;
}
