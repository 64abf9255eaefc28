import { Trans } from "@lingui/react/macro";
import { Tabs } from "@mantine/core";
import type { ReactNode } from "react";

interface MethodTabsProps {
  /** The password form, when the project allows passwords. */
  password: ReactNode | null;
  /** The e-mail code form, when the project allows codes. */
  emailCode: ReactNode | null;
}

/** Both forms as tabs when both methods are on; the one that is on by itself; nothing when neither is. */
export function MethodTabs({ password, emailCode }: MethodTabsProps) {
  if (password && emailCode) {
    return (
      <Tabs defaultValue="password" keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="password">
            <Trans>Password</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="email-code">
            <Trans>E-mail code</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="password">{password}</Tabs.Panel>
        <Tabs.Panel value="email-code">{emailCode}</Tabs.Panel>
      </Tabs>
    );
  }
  return password ?? emailCode;
}
