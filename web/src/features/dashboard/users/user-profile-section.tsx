import type { api } from "@gatehouse/clients/react";
import { DataList, Stack, Text, useMatches } from "@mantine/core";
import { RelativeTime } from "../../../components/relative-time";
import { exactTime } from "../../../lib/format-time";
import { countryName } from "../../../lib/session-place";
import { SettingsSection } from "../../../components/settings-section";
import { useProjectId } from "../shell/project-context";
import { EmailVerificationActions } from "./email-verification-actions";
import { useUserEmails } from "./use-user-emails";
import { signInMethods } from "./user-badges";
import { UserDisplayNameForm } from "./user-display-name-form";

export function UserProfileSection({ user }: { user: api.ServerUser }) {
  // Beside a 140 px label, a long address and its verification buttons overflowed a phone's card:
  // there each label stands above its value.
  const orientation = useMatches<"horizontal" | "vertical">({ base: "vertical", xs: "horizontal" });
  return (
    <SettingsSection title="Profile">
      <Stack gap="lg">
        <DataList size="sm" gap={6} labelWidth={140} orientation={orientation}>
          <DataList.Item>
            <DataList.ItemLabel>Primary e-mail</DataList.ItemLabel>
            <DataList.ItemValue>
              <Stack gap={6}>
                <Text inherit className="break-anywhere">
                  {user.primary_email ?? "None"}
                  {user.primary_email ? (user.primary_email_verified ? " (verified)" : " (not verified)") : null}
                </Text>
                {user.primary_email && !user.primary_email_verified ? <PrimaryEmailVerification userId={user.id} /> : null}
              </Stack>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Signed up</DataList.ItemLabel>
            <DataList.ItemValue>{exactTime(user.signed_up_at_millis)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Last active</DataList.ItemLabel>
            <DataList.ItemValue>
              <RelativeTime millis={user.last_active_at_millis} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Sign-in methods</DataList.ItemLabel>
            <DataList.ItemValue>{signInMethods(user)}</DataList.ItemValue>
          </DataList.Item>
          {user.requires_totp_mfa ? (
            <DataList.Item>
              <DataList.ItemLabel>Two-factor</DataList.ItemLabel>
              <DataList.ItemValue>Authenticator app</DataList.ItemValue>
            </DataList.Item>
          ) : null}
          {user.country_code ? (
            <DataList.Item>
              <DataList.ItemLabel>Country</DataList.ItemLabel>
              <DataList.ItemValue>{countryName(user.country_code)}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
          {user.is_restricted ? (
            <DataList.Item>
              <DataList.ItemLabel>Restricted</DataList.ItemLabel>
              <DataList.ItemValue>{restrictionReason(user)}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList>
        <UserDisplayNameForm user={user} />
      </Stack>
    </SettingsSection>
  );
}

function restrictionReason(user: api.ServerUser): string {
  switch (user.restricted_reason?.type) {
    case "anonymous":
      return "Anonymous: the user has not signed up yet.";
    case "email_not_verified":
      return "The project requires a verified e-mail address, and this user has none.";
    case "restricted_by_administrator":
      return user.restricted_by_admin_reason ? `By an administrator: ${user.restricted_by_admin_reason}` : "By an administrator.";
    default:
      return "Yes";
  }
}

/** The verification actions of the primary address, which is one of the user's contact channels. */
function PrimaryEmailVerification({ userId }: { userId: string }) {
  const primary = useUserEmails(useProjectId(), userId).find((channel) => channel.is_primary);
  return primary ? <EmailVerificationActions channel={primary} /> : null;
}
