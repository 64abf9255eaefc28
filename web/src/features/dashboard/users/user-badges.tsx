import type { api } from "@gatehouse/clients/react";
import { Badge, Group } from "@mantine/core";

/** What sets a user apart at a glance: anonymous, restricted, and whether their primary e-mail is verified. */
export function UserBadges({ user, size = "sm", wrap = "wrap" }: { user: api.ServerUser; size?: "sm" | "md"; wrap?: "wrap" | "nowrap" }) {
  return (
    <Group gap={6} wrap={wrap}>
      {user.is_anonymous ? (
        <Badge size={size} color="gray" variant="light">
          Anonymous
        </Badge>
      ) : null}
      {user.is_restricted ? (
        <Badge size={size} color="orange" variant="light">
          Restricted
        </Badge>
      ) : null}
      {user.primary_email === null ? null : user.primary_email_verified ? (
        <Badge size={size} color="green" variant="light">
          Verified
        </Badge>
      ) : (
        <Badge size={size} color="yellow" variant="light">
          Not verified
        </Badge>
      )}
    </Group>
  );
}

/** "Password, Google": how the user can sign in, as far as the user record says. */
export function signInMethods(user: api.ServerUser): string {
  const methods = [
    user.has_password ? "Password" : null,
    user.otp_auth_enabled ? "E-mailed code" : null,
    user.passkey_auth_enabled ? "Passkey" : null,
    ...user.oauth_providers.map((provider) => provider.id.charAt(0).toUpperCase() + provider.id.slice(1)),
  ].filter((method) => method !== null);
  return methods.length > 0 ? methods.join(", ") : "None";
}

/** The name the dashboard calls a user by: display name, else e-mail, else what they are. */
export function userLabel(user: api.ServerUser): string {
  return user.display_name || user.primary_email || (user.is_anonymous ? "Anonymous user" : "Unnamed user");
}
