import type { ContactChannel } from "@gatehouse/clients/react";
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
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon ref={buttonRef} variant="subtle" color="gray" size="lg" loading={pending} aria-label={`Actions for ${channel.value}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {channel.is_primary ? null : (
          <Menu.Item leftSection={<IconStar size={16} aria-hidden />} onClick={onMakePrimary}>
            Make primary
          </Menu.Item>
        )}
        {channel.used_for_auth ? (
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => onSignInChange(false)}>
            Stop using for sign-in
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconLogin size={16} aria-hidden />} onClick={() => onSignInChange(true)}>
            Use for sign-in
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove}>
          Remove
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
