import { Title } from "@mantine/core";
import { useDocumentTitle } from "../../../components/page-card";

export function OverviewPage() {
  useDocumentTitle("Overview");
  return (
    <Title order={1} size="h2">
      Overview
    </Title>
  );
}
