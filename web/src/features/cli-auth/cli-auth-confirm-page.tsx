import { cliLoginRefusalOf, useCliLoginCheck, useCompleteCliLogin, useProject, useUser } from "@gatehouse/clients/react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useSearchParams } from "react-router";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Boundary } from "../../components/boundary";
import { ErrorAlert } from "../../components/error-alert";
import { LoadingCard, PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";

const TITLE = msg`Command-line sign-in`;

/** Why a login link cannot be confirmed, in words. */
const LOGIN_OVER: Record<"expired" | "used" | "unknown", { title: MessageDescriptor; text: MessageDescriptor }> = {
  expired: {
    title: msg`This login link has expired`,
    text: msg`The command-line tool stopped waiting. Run its login command again and open the new link it prints.`,
  },
  used: {
    title: msg`This login link has already been used`,
    text: msg`Each link signs in one command-line tool, once. To sign in again, run the login command again.`,
  },
  unknown: {
    title: msg`This login link is not valid`,
    text: msg`Make sure you opened the whole link the command printed, or run the login command again.`,
  },
};

/**
 * Where a command-line tool sends its user (`?login_code=`, SPEC §2, §4). The code is checked
 * first, so an expired, used or unknown link says so without asking anyone to sign in; a
 * signed-out visitor is sent to sign in and brought back; the signed-in user confirms, and
 * the tool, polling meanwhile, receives a session of its own.
 */
export function CliAuthConfirmPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const loginCode = params.get("login_code")?.trim() || null;
  if (!loginCode) {
    return (
      <PageCard title={t`This login link is incomplete`}>
        <Text>
          <Trans>Run the login command again and open the link it prints, whole.</Trans>
        </Text>
      </PageCard>
    );
  }
  return (
    <Boundary loading={<LoadingCard title={t(TITLE)} />}>
      <CheckedCliLogin loginCode={loginCode} />
    </Boundary>
  );
}

function CheckedCliLogin({ loginCode }: { loginCode: string }) {
  const check = useCliLoginCheck(loginCode);
  if (check.status !== "pending") return <LoginOver state={check.status} />;
  return <ConfirmCliLogin loginCode={loginCode} />;
}

function LoginOver({ state }: { state: keyof typeof LOGIN_OVER }) {
  const { i18n } = useLingui();
  return (
    <PageCard title={i18n._(LOGIN_OVER[state].title)} announce>
      <Text>{i18n._(LOGIN_OVER[state].text)}</Text>
    </PageCard>
  );
}

function ConfirmCliLogin({ loginCode }: { loginCode: string }) {
  const { t } = useLingui();
  const user = useUser({ or: "redirect" });
  const project = useProject();
  const complete = useCompleteCliLogin();

  if (complete.isSuccess) {
    return (
      <PageCard title={t`The command-line tool is signed in`} announce>
        <Text>
          <Trans>You can close this tab and go back to your terminal.</Trans>
        </Text>
      </PageCard>
    );
  }
  // The link expired or was used while the page was open.
  const refusal = complete.error ? cliLoginRefusalOf(complete.error) : null;
  if (refusal) return <LoginOver state={refusal} />;
  const projectName = project.display_name;
  const account = user.primary_email ?? user.display_name ?? t`you`;
  return (
    <PageCard title={t(TITLE)}>
      <Stack gap="xs">
        <Text>
          <Trans>
            A command-line tool is asking to sign in to {projectName} as <strong>{account}</strong>.
          </Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>Only confirm if you started this login yourself, just now: the tool will act as you.</Trans>
        </Text>
      </Stack>
      <ErrorAlert
        message={complete.error ? errorMessage(complete.error, { RESTRICTED_USER_NOT_ALLOWED: t`Finish setting up your account before you sign in a command-line tool.` }) : null}
      />
      <Group>
        <Button loading={complete.isPending} onClick={() => complete.mutate(loginCode)}>
          <Trans>Confirm sign-in</Trans>
        </Button>
      </Group>
    </PageCard>
  );
}
