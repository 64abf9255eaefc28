import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { DashboardSectionPath } from "../features/dashboard/shell/dashboard-sections";

type Loader = () => Promise<{ default: ComponentType }>;
const chunk = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): Loader => () => load().then((module) => ({ default: pick(module) }));

/** Each project page of the dashboard as its own chunk, one per section of the navigation. */
const DASHBOARD_CHUNKS: Record<DashboardSectionPath, Loader> = {
  "": chunk(() => import("../features/dashboard/metrics/overview-page"), (m) => m.OverviewPage),
  users: chunk(() => import("../features/dashboard/users/users-page"), (m) => m.UsersPage),
  teams: chunk(() => import("../features/dashboard/teams/teams-page"), (m) => m.TeamsPage),
  permissions: chunk(() => import("../features/dashboard/permissions/permissions-page"), (m) => m.PermissionsPage),
  "sign-up-rules": chunk(() => import("../features/dashboard/sign-up-rules/sign-up-rules-page"), (m) => m.SignUpRulesPage),
  settings: chunk(() => import("../features/dashboard/projects/settings/settings-page"), (m) => m.SettingsPage),
  "api-keys": chunk(() => import("../features/dashboard/api-keys/api-keys-page"), (m) => m.ApiKeysPage),
  emails: chunk(() => import("../features/dashboard/emails/emails-page"), (m) => m.EmailsPage),
  "email-templates": chunk(() => import("../features/dashboard/emails/templates/email-templates-page"), (m) => m.EmailTemplatesPage),
  webhooks: chunk(() => import("../features/dashboard/webhooks/webhooks-page"), (m) => m.WebhooksPage),
  payments: chunk(() => import("../features/dashboard/payments/payments-page"), (m) => m.PaymentsPage),
  "session-replays": chunk(() => import("../features/dashboard/session-replays/session-replays-page"), (m) => m.SessionReplaysPage),
};

export const DASHBOARD_PAGES = Object.fromEntries(Object.entries(DASHBOARD_CHUNKS).map(([path, load]) => [path, lazy(load)])) as Record<
  DashboardSectionPath,
  LazyExoticComponent<ComponentType>
>;

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
