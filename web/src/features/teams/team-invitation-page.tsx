import { useAcceptTeamInvitation, useGetTeamInvitationDetails } from "@gatehouse/clients/react-query";
import { useEffect } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert";
import { LoadingCard, PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import { handlerPath } from "../../lib/handler-paths";
import { withReturnTo } from "../../lib/return-target";
import { useHasSession } from "../../lib/session";

/**
 * Where a mailed team invitation leads (`?code=…`). A signed-out visitor is sent to sign in
 * or sign up and brought back; a signed-in one sees which team invited them and joins it
 * with one click. The code is only used up by joining.
 */
export function TeamInvitationPage() {
  const [params] = useSearchParams();
  const code = params.get("code");
  const signedIn = useHasSession();
  const { pathname, search } = useLocation();

  if (!code) {
    return (
      <PageCard title="This invitation link is incomplete">
        <p>Open the link from the invitation e-mail again, or ask for a new invitation.</p>
      </PageCard>
    );
  }
  if (!signedIn) {
    const here = pathname + search;
    return (
      <PageCard title="You are invited to a team">
        <p>Sign in, or create an account with the invited e-mail address, to accept.</p>
        <p className="actions">
          <Link to={withReturnTo(handlerPath("sign-in"), here)} className="button">
            Sign in
          </Link>
          <Link to={withReturnTo(handlerPath("sign-up"), here)} className="button secondary">
            Create an account
          </Link>
        </p>
      </PageCard>
    );
  }
  return <AcceptInvitation code={code} />;
}

function AcceptInvitation({ code }: { code: string }) {
  const details = useGetTeamInvitationDetails();
  const accept = useAcceptTeamInvitation();
  const { mutate: loadDetails } = details;

  useEffect(() => {
    loadDetails({ data: { code } });
  }, [loadDetails, code]);

  if (details.isError) {
    return (
      <PageCard title="This invitation cannot be used">
        <ErrorAlert message={errorMessage(details.error)} />
      </PageCard>
    );
  }
  if (!details.data) return <LoadingCard title="Team invitation">Checking the invitation…</LoadingCard>;

  const team = details.data.team_display_name;
  if (accept.isSuccess) {
    return (
      <PageCard title={`You joined ${team}`} announce>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </PageCard>
    );
  }
  return (
    <PageCard title={`Join ${team}`}>
      <p>You have been invited to join the team {team}.</p>
      <ErrorAlert message={accept.error ? errorMessage(accept.error) : null} />
      <p className="actions">
        <button type="button" className="button" disabled={accept.isPending} onClick={() => accept.mutate({ data: { code } })}>
          {accept.isPending ? "Joining…" : `Join ${team}`}
        </button>
      </p>
    </PageCard>
  );
}
