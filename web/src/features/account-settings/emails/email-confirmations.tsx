import type { ContactChannel } from "@gatehouse/clients/react";
import { List, Text } from "@mantine/core";
import type { RefObject } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";

interface ConfirmationProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  error: string | null;
  fallbackFocus: RefObject<HTMLElement | null>;
}

const LOSING_SIGN_IN = "It is the only address you sign in with: you will no longer be able to sign in with your password or a code by e-mail.";

export function RemoveEmailModal({ channel, onlySignInAddress, ...props }: ConfirmationProps & { channel: ContactChannel; onlySignInAddress: boolean }) {
  const warnings = [
    channel.is_primary ? "It is your primary address: account mail will have nowhere to go until you make another address primary." : null,
    onlySignInAddress ? LOSING_SIGN_IN : null,
  ].filter((warning) => warning !== null);
  return (
    <ConfirmModal title="Remove this e-mail address?" confirmLabel="Remove address" {...props}>
      <Text>
        <strong className="break-anywhere">{channel.value}</strong> will be removed from your account.
      </Text>
      {warnings.length > 0 ? (
        <List spacing="xs" size="sm">
          {warnings.map((warning) => (
            <List.Item key={warning}>{warning}</List.Item>
          ))}
        </List>
      ) : null}
    </ConfirmModal>
  );
}

export function StopSignInModal({ address, ...props }: ConfirmationProps & { address: string }) {
  return (
    <ConfirmModal title="Stop signing in with this address?" confirmLabel="Stop using for sign-in" {...props}>
      <Text>
        <strong className="break-anywhere">{address}</strong> stays on your account. {LOSING_SIGN_IN}
      </Text>
    </ConfirmModal>
  );
}
