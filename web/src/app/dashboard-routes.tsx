import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { DashboardSectionPath } from "../features/dashboard/shell/dashboard-sections";

const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyExoticComponent<ComponentType> =>
  lazy(() => load().then((module) => ({ default: pick(module) })));

/** Each project page of the dashboard as its own chunk, one per section of the navigation. */
export const DASHBOARD_PAGES: Record<DashboardSectionPath, ComponentType> = {
  "": page(() => import("../features/dashboard/metrics/overview-page"), (m) => m.OverviewPage),
  users: page(() => import("../features/dashboard/users/users-page"), (m) => m.UsersPage),
  teams: page(() => import("../features/dashboard/teams/teams-page"), (m) => m.TeamsPage),
  permissions: page(() => import("../features/dashboard/permissions/permissions-page"), (m) => m.PermissionsPage),
  "sign-up-rules": page(() => import("../features/dashboard/sign-up-rules/sign-up-rules-page"), (m) => m.SignUpRulesPage),
  settings: page(() => import("../features/dashboard/projects/settings/settings-page"), (m) => m.SettingsPage),
  "api-keys": page(() => import("../features/dashboard/api-keys/api-keys-page"), (m) => m.ApiKeysPage),
  emails: page(() => import("../features/dashboard/emails/emails-page"), (m) => m.EmailsPage),
  "email-templates": page(() => import("../features/dashboard/emails/templates/email-templates-page"), (m) => m.EmailTemplatesPage),
  webhooks: page(() => import("../features/dashboard/webhooks/webhooks-page"), (m) => m.WebhooksPage),
  payments: page(() => import("../features/dashboard/payments/payments-page"), (m) => m.PaymentsPage),
  "session-replays": page(() => import("../features/dashboard/session-replays/session-replays-page"), (m) => m.SessionReplaysPage),
};
