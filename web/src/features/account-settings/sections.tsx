import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Project } from "@gatehouse/clients/react";
import { IconHistory, IconBell, IconFingerprint, IconKey, IconLock, IconMail, IconShieldLock, IconTrash, IconUser, IconUsersGroup, IconDevices, IconPlugConnected, IconApps } from "@tabler/icons-react";
import type { ComponentType, ReactNode } from "react";
import { ApiKeysSection } from "./api-keys/api-keys-section";
import { ConnectedAccountsSection } from "./connected-accounts/connected-accounts-section";
import { ConnectedAppsSection } from "./connected-apps/connected-apps-section";
import { DeleteAccountSection } from "./delete-account/delete-account-section";
import { EmailsSection } from "./emails/emails-section";
import { NotificationsSection } from "./notifications/notifications-section";
import { PasskeySection } from "./passkey/passkey-section";
import { PasswordSection } from "./password/password-section";
import { ProfileSection } from "./profile/profile-section";
import { SecurityActivitySection } from "./security-activity/security-activity-section";
import { SessionsSection } from "./sessions/sessions-section";
import { TeamsSection } from "./teams/teams-section";
import { TwoFactorSection } from "./two-factor/two-factor-section";

export interface SettingsSectionEntry {
  /** The URL fragment that opens it: `/handler/account-settings#emails`. */
  id: string;
  /** Translated where it is shown. */
  label: MessageDescriptor;
  icon: ReactNode;
  Component: ComponentType;
  /** Sections for capabilities the project switched off are left out. */
  shown?: (project: Project) => boolean;
}

const icon = (Icon: typeof IconUser) => <Icon size={18} aria-hidden />;

export const SETTINGS_SECTIONS: SettingsSectionEntry[] = [
  { id: "profile", label: msg`Profile`, icon: icon(IconUser), Component: ProfileSection },
  { id: "emails", label: msg`E-mails`, icon: icon(IconMail), Component: EmailsSection },
  { id: "password", label: msg`Password`, icon: icon(IconLock), Component: PasswordSection, shown: (p) => p.config.credential_enabled },
  { id: "two-factor", label: msg`Two-factor`, icon: icon(IconShieldLock), Component: TwoFactorSection },
  { id: "passkey", label: msg`Passkey`, icon: icon(IconFingerprint), Component: PasskeySection, shown: (p) => p.config.passkey_enabled },
  {
    id: "connected-accounts",
    label: msg`Connected accounts`,
    icon: icon(IconPlugConnected),
    Component: ConnectedAccountsSection,
    shown: (p) => p.config.enabled_oauth_providers.length > 0,
  },
  { id: "connected-apps", label: msg`Connected apps`, icon: icon(IconApps), Component: ConnectedAppsSection },
  { id: "sessions", label: msg`Sessions`, icon: icon(IconDevices), Component: SessionsSection },
  { id: "security-activity", label: msg`Security activity`, icon: icon(IconHistory), Component: SecurityActivitySection },
  { id: "teams", label: msg`Teams`, icon: icon(IconUsersGroup), Component: TeamsSection },
  { id: "api-keys", label: msg`API keys`, icon: icon(IconKey), Component: ApiKeysSection, shown: (p) => p.config.allow_user_api_keys },
  { id: "notifications", label: msg`Notifications`, icon: icon(IconBell), Component: NotificationsSection },
  {
    id: "delete-account",
    label: msg`Delete account`,
    icon: icon(IconTrash),
    Component: DeleteAccountSection,
    shown: (p) => p.config.client_user_deletion_enabled,
  },
];
