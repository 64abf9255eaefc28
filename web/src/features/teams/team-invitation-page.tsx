import { Trans, useLingui } from "@lingui/react/macro";
import { useAcceptTeamInvitation, useGatehouse, useGetTeamInvitationDetails, useGetTeamInvitationTeamName, useUser, withReturnTo } from "@gatehouse/clients/react";
import { Button, Group, Text } from "@mantine/core";
import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Boundary } from "../../components/boundary";
import { ErrorAlert } from "../../components/error-alert";
import { LoadingCard, PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import { useLinkCode } from "../../lib/link-code";

/**
 * Where a mailed team invitation leads (`?code=…`). A signed-out visitor is sent to sign in
 * or sign up and brought back; a signed-in one sees which team invited them and joins it
 * with one click. The code is only used up by joining.
 */
export function TeamInvitationPage() {
  const { t } = useLingui();
  const code = useLinkCode();
  if (!code) {
    return (
      <PageCard title={t`This invitation link is incomplete`}>
        <Text>
          <Trans>Open the link from the invitation e-mail again, or ask for a new invitation.</Trans>
        </Text>
      </PageCard>
    );
  }
  return (
    <Boundary loading={<LoadingCard title={t`Team invitation`} />}>
      <Invitation code={code} />
    </Boundary>
  );
}

function Invitation({ code }: { code: string }) {
  const user = useUser();
  const { pathname, search } = useLocation();
  if (user) return <AcceptInvitation code={code} />;
  return <SignedOutInvitation code={code} here={pathname + search} />;
}

/** The code entitles its holder to the team's name (and no more), so a visitor learns who invites them before signing in. */
function SignedOutInvitation({ code, here }: { code: string; here: string }) {
  const { t } = useLingui();
  const { urls } = useGatehouse();
  const teamName = useGetTeamInvitationTeamName();
  return (
    <CheckedInvitation read={teamName} code={code}>
      {(team) => (
        <PageCard title={t`You are invited to join ${team}`} description={t`Sign in, or create an account with the invited e-mail address, to accept.`}>
          <Group>
            <Button component={Link} to={withReturnTo(urls.signIn, here)}>
              <Trans>Sign in</Trans>
            </Button>
            <Button component={Link} to={withReturnTo(urls.signUp, here)} variant="default">
              <Trans>Create an account</Trans>
            </Button>
          </Group>
        </PageCard>
      )}
    </CheckedInvitation>
  );
}

function AcceptInvitation({ code }: { code: string }) {
  const details = useGetTeamInvitationDetails();
  return (
    <CheckedInvitation read={details} code={code}>
      {(team) => <JoinTeam code={code} team={team} />}
    </CheckedInvitation>
  );
}

function JoinTeam({ code, team }: { code: string; team: string }) {
  const { t } = useLingui();
  const { urls } = useGatehouse();
  const accept = useAcceptTeamInvitation();
  if (accept.isSuccess) {
    return (
      <PageCard title={t`You joined ${team}`} announce>
        <Group>
          <Button component={Link} to={`${urls.accountSettings}#teams`}>
            <Trans>See your teams</Trans>
          </Button>
          <Button component={Link} to={urls.home} variant="default">
            <Trans>Go to the home page</Trans>
          </Button>
        </Group>
      </PageCard>
    );
  }
  return (
    <PageCard title={t`Join ${team}`} description={t`You have been invited to join the team ${team}.`}>
      <ErrorAlert message={accept.error ? errorMessage(accept.error) : null} />
      <Group>
        <Button loading={accept.isPending} onClick={() => accept.mutate({ data: { code } })}>
          <Trans>Join {team}</Trans>
        </Button>
      </Group>
    </PageCard>
  );
}

/** A read of an invitation by its code, which the API answers to a POST (a mutation). */
interface InvitationRead {
  mutate: (variables: { data: { code: string } }) => void;
  isError: boolean;
  error: unknown;
  data?: { team_display_name: string };
}

/** Reads the invitation as the page opens; until the answer, and when the code is refused, that is the page. */
function CheckedInvitation({ read, code, children }: { read: InvitationRead; code: string; children: (team: string) => ReactNode }) {
  const { t } = useLingui();
  const { mutate } = read;
  useEffect(() => {
    mutate({ data: { code } });
  }, [mutate, code]);

  if (read.isError) {
    return (
      <PageCard title={t`This invitation cannot be used`}>
        <ErrorAlert message={errorMessage(read.error)} />
      </PageCard>
    );
  }
  if (!read.data) {
    return (
      <LoadingCard title={t`Team invitation`}>
        <Trans>Checking the invitation…</Trans>
      </LoadingCard>
    );
  }
  return children(read.data.team_display_name);
}
