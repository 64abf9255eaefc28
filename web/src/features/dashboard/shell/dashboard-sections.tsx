import { IconAddressBook, IconApps, IconBuilding, IconChartBar, IconCreditCard, IconKey, IconListDetails, IconLock, IconMail, IconPlayerPlay, IconSettings, IconShieldCheck, IconTemplate, IconUsers, IconUsersGroup, IconWebhook } from "@tabler/icons-react";
import type { ReactNode } from "react";

const icon = (Icon: typeof IconUsers) => <Icon size={18} aria-hidden />;

/**
 * The project pages of the dashboard, in the order of its navigation; `path` sits under
 * `/dashboard/projects/<id>/` ("" is the overview). Their components are routed in
 * app/dashboard-routes.tsx, which TypeScript holds to this list.
 */
export const DASHBOARD_SECTIONS = [
  { path: "", label: "Overview", icon: icon(IconChartBar) },
  { path: "users", label: "Users", icon: icon(IconUsers) },
  { path: "teams", label: "Teams", icon: icon(IconUsersGroup) },
  { path: "permissions", label: "Permissions", icon: icon(IconLock) },
  { path: "sign-up-rules", label: "Sign-up rules", icon: icon(IconShieldCheck) },
  { path: "settings", label: "Settings", icon: icon(IconSettings) },
  { path: "api-keys", label: "API keys", icon: icon(IconKey) },
  { path: "emails", label: "E-mails", icon: icon(IconMail) },
  { path: "email-templates", label: "E-mail templates", icon: icon(IconTemplate) },
  { path: "webhooks", label: "Webhooks", icon: icon(IconWebhook) },
  { path: "oauth-apps", label: "OAuth apps", icon: icon(IconApps) },
  { path: "scim", label: "SCIM", icon: icon(IconAddressBook) },
  { path: "sso", label: "Single sign-on", icon: icon(IconBuilding) },
  { path: "payments", label: "Payments", icon: icon(IconCreditCard) },
  { path: "session-replays", label: "Session replays", icon: icon(IconPlayerPlay) },
  { path: "audit-log", label: "Audit log", icon: icon(IconListDetails) },
] as const satisfies ReadonlyArray<{ path: string; label: string; icon: ReactNode }>;

export type DashboardSectionPath = (typeof DASHBOARD_SECTIONS)[number]["path"];
