import type { ContactChannel } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Menu } from "@mantine/core";
import type { Ref } from "react";
import { IconDots, IconLogin, IconLogout, IconStar, IconTrash } from "@tabler/icons-react";

export interface EmailActionsMenuProps {
  channel: ContactChannel;
  pending: boolean;
  onMakePrimary: () => void;
  onSignInChange: (usedForAuth: boolean) => void;
  onRemove: () => void;
  /** The menu's button, which takes the focus back after a dialog the menu opened. */
  buttonRef: Ref<HTMLButtonElement>;
}

export function EmailActionsMenu({ channel, pending, onMakePrimary, onSignInChange, onRemove, buttonRef }: EmailActionsMenuProps) {
  const { t } = useLingui();
  const address = channel.value;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon ref={buttonRef} variant="subtle" color="gray" size="lg" loading={pending} aria-label={t`Actions for ${address}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {channel.is_primary ? null : (
          <Menu.Item leftSection={<IconStar size={16} aria-hidden />} onClick={onMakePrimary}>
            <Trans>Make primary</Trans>
          </Menu.Item>
        )}
        {channel.used_for_auth ? (
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => onSignInChange(false)}>
            <Trans>Stop using for sign-in</Trans>
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconLogin size={16} aria-hidden />} onClick={() => onSignInChange(true)}>
            <Trans>Use for sign-in</Trans>
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove}>
          <Trans>Remove</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
