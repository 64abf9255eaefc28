import type { ContactChannel } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
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
export function RemoveEmailModal({ channel, onlySignInAddress, ...props }: ConfirmationProps & { channel: ContactChannel; onlySignInAddress: boolean }) {
  const { t } = useLingui();
  const address = channel.value;
  const warnings = [
    channel.is_primary ? t`It is your primary address: account mail will have nowhere to go until you make another address primary.` : null,
    onlySignInAddress
      ? t`It is the only address you sign in with: you will no longer be able to sign in with your password or a code by e-mail.`
      : null,
  ].filter((warning) => warning !== null);
  return (
    <ConfirmModal title={t`Remove this e-mail address?`} confirmLabel={t`Remove address`} {...props}>
      <Text>
        <Trans>
          <strong className="break-anywhere">{address}</strong> will be removed from your account.
        </Trans>
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
  const { t } = useLingui();
  return (
    <ConfirmModal title={t`Stop signing in with this address?`} confirmLabel={t`Stop using for sign-in`} {...props}>
      <Text>
        <Trans>
          <strong className="break-anywhere">{address}</strong> stays on your account. It is the only address you sign in with: you will no longer be
          able to sign in with your password or a code by e-mail.
        </Trans>
      </Text>
    </ConfirmModal>
  );
}
