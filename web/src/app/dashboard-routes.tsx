import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { OverviewFirstReads } from "../features/dashboard/metrics/use-metrics";
import type { DashboardSectionPath } from "../features/dashboard/shell/dashboard-sections";
import { pageLoader, type PageLoader } from "./page-loader";

/** Each project page of the dashboard as its own chunk, one per section of the navigation. */
const DASHBOARD_CHUNKS: Record<DashboardSectionPath, PageLoader> = {
  "": pageLoader(() => import("../features/dashboard/metrics/overview-page"), "OverviewPage"),
  users: pageLoader(() => import("../features/dashboard/users/users-page"), "UsersPage"),
  teams: pageLoader(() => import("../features/dashboard/teams/teams-page"), "TeamsPage"),
  permissions: pageLoader(() => import("../features/dashboard/permissions/permissions-page"), "PermissionsPage"),
  "sign-up-rules": pageLoader(() => import("../features/dashboard/sign-up-rules/sign-up-rules-page"), "SignUpRulesPage"),
  settings: pageLoader(() => import("../features/dashboard/projects/settings/settings-page"), "SettingsPage"),
  "api-keys": pageLoader(() => import("../features/dashboard/api-keys/api-keys-page"), "ApiKeysPage"),
  emails: pageLoader(() => import("../features/dashboard/emails/emails-page"), "EmailsPage"),
  "email-templates": pageLoader(() => import("../features/dashboard/emails/templates/email-templates-page"), "EmailTemplatesPage"),
  webhooks: pageLoader(() => import("../features/dashboard/webhooks/webhooks-page"), "WebhooksPage"),
  "oauth-apps": pageLoader(() => import("../features/dashboard/oauth-apps/oauth-apps-page"), "OAuthAppsPage"),
  scim: pageLoader(() => import("../features/dashboard/scim/scim-page"), "ScimPage"),
  sso: pageLoader(() => import("../features/dashboard/sso/sso-page"), "SsoPage"),
  payments: pageLoader(() => import("../features/dashboard/payments/payments-page"), "PaymentsPage"),
  "session-replays": pageLoader(() => import("../features/dashboard/session-replays/session-replays-page"), "SessionReplaysPage"),
  "audit-log": pageLoader(() => import("../features/dashboard/audit-log/audit-log-page"), "AuditLogPage"),
};

export const DASHBOARD_PAGES = Object.fromEntries(Object.entries(DASHBOARD_CHUNKS).map(([path, load]) => [path, lazy(load)])) as Record<
  DashboardSectionPath,
  LazyExoticComponent<ComponentType>
>;

/**
 * What a page reads first, rendered beside it: its reads start as the route renders, while the
 * page's code is still downloading, instead of once it has arrived. The overview is where an admin lands.
 */
export const DASHBOARD_FIRST_READS: Partial<Record<DashboardSectionPath, ComponentType>> = { "": OverviewFirstReads };

/**
 * Starts loading the chunk of the project page at `pathname` (when it is one), so that it downloads
 * beside the dashboard's frame instead of after it has rendered. Rendering it later reuses the download.
 */
export function preloadDashboardPage(pathname: string): void {
  const match = /^\/dashboard\/projects\/[^/]+(?:\/([^/]+))?/.exec(pathname);
  if (!match) return;
  const section = (match[1] ?? "") as DashboardSectionPath;
  void DASHBOARD_CHUNKS[section]?.().catch(() => undefined);
}
