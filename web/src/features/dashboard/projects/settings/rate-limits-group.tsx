import type { api } from "@gatehouse/clients/react";
import { NumberInput, SimpleGrid, Stack, Text } from "@mantine/core";
import { SettingsGroup } from "./settings-group";
import { useSettingsForm } from "./use-settings-form";

/** The rules of `RateLimits` (server/src/config/rate-limits.ts), in words. */
const RULES: Array<{ id: keyof api.RateLimits; label: string }> = [
  { id: "sign_in_per_ip", label: "Sign-ins from one address" },
  { id: "sign_in_per_email_and_ip", label: "Sign-ins to one e-mail from one address" },
  { id: "sign_in_per_email", label: "Sign-ins to one e-mail" },
  { id: "sign_in_per_account", label: "Password and code checks of a signed-in user" },
  { id: "sign_up_per_ip", label: "Sign-ups from one address" },
  { id: "code_send_per_account", label: "Codes e-mailed to one account" },
  { id: "code_send_per_ip", label: "Codes e-mailed from one address" },
  { id: "code_check_per_ip", label: "Codes checked from one address" },
  { id: "cli_login_per_ip", label: "CLI logins started from one address" },
  { id: "cli_poll_per_ip", label: "CLI login polls from one address" },
];

const MAX_MAX = 1_000_000_000;
const MAX_WINDOW_SECONDS = 86_400;

type Limit = { max: number | string; window_seconds: number | string };

const bounded = (top: number) => (value: number | string) =>
  value === "" || (Number.isInteger(value) && Number(value) >= 1 && Number(value) <= top) ? null : `A whole number from 1 to ${top.toLocaleString("en")}.`;

/** Blank fields follow the server-wide setting; a PATCH replaces the whole set. */
function toRateLimits(values: Record<string, Limit>): api.RateLimits {
  const limits: Record<string, api.RateLimitRule> = {};
  for (const { id } of RULES) {
    const { max, window_seconds } = values[id]!;
    const rule = { ...(max === "" ? {} : { max: Number(max) }), ...(window_seconds === "" ? {} : { window_seconds: Number(window_seconds) }) };
    if (Object.keys(rule).length > 0) limits[id] = rule;
  }
  return limits;
}

export function RateLimitsGroup({ project }: { project: api.AdminProject }) {
  const saved = project.config.rate_limits ?? {};
  const { form, groupProps } = useSettingsForm<Record<string, Limit>>(project.id, {
    title: "Rate limits",
    initialValues: Object.fromEntries(RULES.map(({ id }) => [id, { max: saved[id]?.max ?? "", window_seconds: saved[id]?.window_seconds ?? "" }])),
    validate: Object.fromEntries(RULES.map(({ id }) => [id, { max: bounded(MAX_MAX), window_seconds: bounded(MAX_WINDOW_SECONDS) }])),
    toUpdate: (values) => ({ config: { rate_limits: toRateLimits(values) } }),
  });
  return (
    <SettingsGroup {...groupProps} description="How many tries are allowed in a window of time. Leave a field blank to follow the server's setting.">
      <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {RULES.map(({ id, label }) => (
          <Stack component="li" key={id} gap={4}>
            <Text size="sm" fw={500}>
              {label}
            </Text>
            <SimpleGrid cols={2} spacing="sm">
              <NumberInput
                aria-label={`${label}: requests`}
                name={`${id}.max`}
                placeholder="Server's setting"
                description="Requests"
                min={1}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps(`${id}.max`)}
              />
              <NumberInput
                aria-label={`${label}: window in seconds`}
                name={`${id}.window_seconds`}
                placeholder="Server's setting"
                description="Per seconds"
                min={1}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps(`${id}.window_seconds`)}
              />
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </SettingsGroup>
  );
}
