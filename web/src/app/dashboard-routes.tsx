import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { DashboardSectionPath } from "../features/dashboard/shell/dashboard-sections";

const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyExoticComponent<ComponentType> =>
  lazy(() => load().then((module) => ({ default: pick(module) })));

/** Each project page of the dashboard as its own chunk, one per section of the navigation. */
export const DASHBOARD_PAGES: Record<DashboardSectionPath, ComponentType> = {
  "": page(() => import("../features/dashboard/overview/overview-page"), (m) => m.OverviewPage),
  users: page(() => import("../features/dashboard/shell/upcoming-page"), (m) => m.UpcomingPage),
  teams: page(() => import("../features/dashboard/teams/teams-page"), (m) => m.TeamsPage),
  permissions: page(() => import("../features/dashboard/permissions/permissions-page"), (m) => m.PermissionsPage),
  settings: page(() => import("../features/dashboard/shell/upcoming-page"), (m) => m.UpcomingPage),
  "api-keys": page(() => import("../features/dashboard/shell/upcoming-page"), (m) => m.UpcomingPage),
  emails: page(() => import("../features/dashboard/shell/upcoming-page"), (m) => m.UpcomingPage),
  webhooks: page(() => import("../features/dashboard/shell/upcoming-page"), (m) => m.UpcomingPage),
};
