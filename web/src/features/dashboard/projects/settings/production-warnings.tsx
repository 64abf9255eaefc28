import { Alert, List } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";

/** What stops production mode (SPEC §5), listed while it is on or being turned on. */
export function ProductionWarnings({ problems, title }: { problems: string[]; title: string }) {
  if (problems.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title={title} data-testid="production-warnings">
      <List size="sm" spacing={2}>
        {problems.map((problem) => (
          <List.Item key={problem} className="break-anywhere">
            {problem}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
