import { Stack, Tabs, Text, Title } from "@mantine/core";
import { Route, Routes, useLocation, useNavigate } from "react-router";
import { DashboardNotFound } from "../shell/dashboard-not-found";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { CatalogPage } from "./catalog-page";
import { CustomersPage } from "./customers-page";
import { TransactionsPage } from "./transactions-page";

const TABS = [
  { path: "catalog", label: "Catalog" },
  { path: "customers", label: "Customers" },
  { path: "transactions", label: "Transactions" },
] as const;

/** The Payments section: the catalog at `payments`, customers and transactions below it. */
export function PaymentsPage() {
  const projectId = useProjectId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = dashboardPath(projectId, "payments");
  const current = TABS.find((tab) => pathname.startsWith(`${base}/${tab.path}`))?.path ?? "catalog";
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Payments
        </Title>
        <Text c="dimmed">What the project sells and meters, who holds it, and what was paid.</Text>
      </Stack>
      <Tabs value={current} onChange={(value) => void navigate(value && value !== "catalog" ? `${base}/${value}` : base)}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Routes>
        <Route index element={<CatalogPage />} />
        <Route path="catalog" element={<CatalogPage />} />
        <Route path="customers" element={<CustomersPage />} />
        <Route path="transactions" element={<TransactionsPage />} />
        <Route path="*" element={<DashboardNotFound />} />
      </Routes>
    </Stack>
  );
}
