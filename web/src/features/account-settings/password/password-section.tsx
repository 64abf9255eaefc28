import { useUser } from "@gatehouse/clients/react";
import { SettingsSection } from "../../../components/settings-section";
import { ChangePasswordForm } from "./change-password-form";
import { SetPasswordForm } from "./set-password-form";

export function PasswordSection() {
  return (
    <SettingsSection title="Password" description="Sign in with your e-mail address and a password.">
      <Password />
    </SettingsSection>
  );
}

function Password() {
  const user = useUser({ or: "redirect" });
  return user.has_password ? <ChangePasswordForm email={user.primary_email} /> : <SetPasswordForm email={user.primary_email} />;
}
