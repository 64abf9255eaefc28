import { useGetCurrentUser } from "@gatehouse/clients/react-query";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert";
import { errorMessage } from "../../lib/error-message";
import { useHasSession } from "../../lib/session";
import { handlerPath } from "../../lib/handler-paths";

export function HomePage() {
  const signedIn = useHasSession();
  const user = useGetCurrentUser({ query: { enabled: signedIn } });

  if (!signedIn) {
    return (
      <section className="card" aria-labelledby="home-title">
        <h1 id="home-title">Welcome to Gatehouse</h1>
        <p>You are not signed in.</p>
        <p className="actions">
          <Link to={handlerPath("sign-in")} className="button">
            Sign in
          </Link>
          <Link to={handlerPath("sign-up")} className="button secondary">
            Create an account
          </Link>
        </p>
      </section>
    );
  }

  if (user.isPending) {
    return (
      <section className="card" aria-busy="true">
        <p>Loading your account…</p>
      </section>
    );
  }

  if (user.isError) {
    return (
      <section className="card" aria-labelledby="home-title">
        <h1 id="home-title">Your account</h1>
        <ErrorAlert message={errorMessage(user.error)} />
        <p>
          <Link to={handlerPath("sign-in")}>Sign in again</Link>
        </p>
      </section>
    );
  }

  const { display_name: displayName, primary_email: email } = user.data;
  return (
    <section className="card" aria-labelledby="home-title">
      <h1 id="home-title">Signed in</h1>
      <dl className="profile" data-testid="current-user">
        <dt>Name</dt>
        <dd>{displayName ?? "No display name yet"}</dd>
        <dt>E-mail</dt>
        <dd>{email ?? "No e-mail"}</dd>
      </dl>
      <p className="actions">
        <Link to={handlerPath("sign-out")} className="button secondary">
          Sign out
        </Link>
      </p>
    </section>
  );
}
