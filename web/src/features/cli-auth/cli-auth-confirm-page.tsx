import { useCompleteCliLogin, useProject, useUser } from "@gatehouse/clients/react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useSearchParams } from "react-router";
import { Boundary } from "../../components/boundary";
import { ErrorAlert } from "../../components/error-alert";
import { LoadingCard, PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";

const TITLE = "Sign in to a command-line tool";

/**
 * Where a command-line tool sends its user (`?login_code=`, SPEC §2, §4): signed in (or sent to
 * sign in first), the user confirms, and the tool, polling meanwhile, receives its own session.
 */
export function CliAuthConfirmPage() {
  const [params] = useSearchParams();
  const loginCode = params.get("login_code")?.trim() || null;
  if (!loginCode) {
    return (
      <PageCard title="This login link is incomplete">
        <Text>Run the login command again and open the link it prints, whole.</Text>
      </PageCard>
    );
  }
  return (
    <Boundary loading={<LoadingCard title={TITLE} />}>
      <ConfirmCliLogin loginCode={loginCode} />
    </Boundary>
  );
}

function ConfirmCliLogin({ loginCode }: { loginCode: string }) {
  const user = useUser({ or: "redirect" });
  const project = useProject();
  const complete = useCompleteCliLogin();

  if (complete.isSuccess) {
    return (
      <PageCard title="The command-line tool is signed in" announce>
        <Text>You can close this tab and go back to your terminal.</Text>
      </PageCard>
    );
  }
  return (
    <PageCard title={TITLE}>
      <Stack gap="xs">
        <Text>
          A command-line tool is asking to sign in to {project.display_name} as <strong>{user.primary_email ?? user.display_name ?? "you"}</strong>.
        </Text>
        <Text size="sm" c="dimmed">
          Only confirm if you started this login yourself, just now: the tool will act as you.
        </Text>
      </Stack>
      <ErrorAlert message={complete.error ? errorMessage(complete.error) : null} />
      <Group>
        <Button loading={complete.isPending} onClick={() => complete.mutate(loginCode)}>
          Confirm sign-in
        </Button>
      </Group>
    </PageCard>
  );
}
