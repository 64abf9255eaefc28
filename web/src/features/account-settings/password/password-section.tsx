import { useUser } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { SettingsSection } from "../../../components/settings-section";
import { ChangePasswordForm } from "./change-password-form";
import { SetPasswordForm } from "./set-password-form";

export function PasswordSection() {
  const { t } = useLingui();
  return (
    <SettingsSection title={t`Password`} description={t`Sign in with your e-mail address and a password.`}>
      <Password />
    </SettingsSection>
  );
}

function Password() {
  const user = useUser({ or: "redirect" });
  return user.has_password ? <ChangePasswordForm email={user.primary_email} /> : <SetPasswordForm email={user.primary_email} />;
}
