import { useGetCurrentUser } from "@gatehouse/clients/react-query";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert";
import { LoadingCard, PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import { handlerPath } from "../../lib/handler-paths";
import { useHasSession } from "../../lib/session";

export function HomePage() {
  const signedIn = useHasSession();
  const user = useGetCurrentUser({ query: { enabled: signedIn } });

  if (!signedIn) {
    return (
      <PageCard title="Welcome to Gatehouse">
        <p>You are not signed in.</p>
        <p className="actions">
          <Link to={handlerPath("sign-in")} className="button">
            Sign in
          </Link>
          <Link to={handlerPath("sign-up")} className="button secondary">
            Create an account
          </Link>
        </p>
      </PageCard>
    );
  }

  if (user.isPending) return <LoadingCard title="Your account">Loading your account…</LoadingCard>;

  if (user.isError) {
    return (
      <PageCard title="Your account">
        <ErrorAlert message={errorMessage(user.error)} />
        <p>
          <Link to={handlerPath("sign-in")}>Sign in again</Link>
        </p>
      </PageCard>
    );
  }

  const { display_name: displayName, primary_email: email, primary_email_verified: verified } = user.data;
  return (
    <PageCard title="Signed in">
      <dl className="profile" data-testid="current-user">
        <dt>Name</dt>
        <dd>{displayName ?? "No display name yet"}</dd>
        <dt>E-mail</dt>
        <dd>
          {email ?? "No e-mail"}
          {email ? (
            <span className={verified ? "badge badge-ok" : "badge"} data-testid="email-status">
              {verified ? "Verified" : "Not verified yet"}
            </span>
          ) : null}
        </dd>
      </dl>
      <p className="actions">
        <Link to={handlerPath("sign-out")} className="button secondary">
          Sign out
        </Link>
      </p>
    </PageCard>
  );
}
