import { useGetCurrentUser, useSendEmailVerificationCode } from "@gatehouse/clients/react-query";
import { Link, useLocation } from "react-router";
import { ErrorAlert } from "../../components/error-alert";
import { errorMessage } from "../../lib/error-message";
import { handlerPath, handlerUrl } from "../../lib/handler-paths";
import { withReturnTo } from "../../lib/return-target";
import { useHasSession } from "../../lib/session";

/**
 * What to do when a verification link cannot be used: signed in, see whether the address is
 * verified already and, if not, mail a new link; signed out, sign in first and come back.
 */
export function NewVerificationLink() {
  const signedIn = useHasSession();
  const { pathname, search } = useLocation();
  if (!signedIn) {
    return (
      <>
        <p>Sign in to check your address or get a new verification e-mail.</p>
        <p className="actions">
          <Link to={withReturnTo(handlerPath("sign-in"), pathname + search)} className="button secondary">
            Sign in
          </Link>
        </p>
      </>
    );
  }
  return <SignedInNewLink />;
}

function SignedInNewLink() {
  const user = useGetCurrentUser();
  const send = useSendEmailVerificationCode();

  if (user.isPending) {
    return (
      <p className="loading" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
        Looking up your e-mail address…
      </p>
    );
  }
  if (user.isError) return <ErrorAlert message={errorMessage(user.error)} />;

  const { primary_email: email, primary_email_verified: verified } = user.data;
  if (!email) return <p>Your account has no e-mail address to verify.</p>;
  if (verified) {
    return (
      <>
        <p role="status">
          Good news: <strong className="address">{email}</strong> is verified already. There is nothing more to do.
        </p>
        <p className="actions">
          <Link to="/" className="button">
            Go to your account
          </Link>
        </p>
      </>
    );
  }
  if (send.isSuccess) {
    return (
      <p role="status">
        We have sent a new verification link to <strong className="address">{email}</strong>.
      </p>
    );
  }
  return (
    <>
      <p>
        <strong className="address">{email}</strong> is not verified yet.
      </p>
      <ErrorAlert message={send.error ? errorMessage(send.error) : null} />
      <p className="actions">
        <button
          type="button"
          className="button"
          disabled={send.isPending}
          aria-busy={send.isPending}
          onClick={() => send.mutate({ data: { email, callback_url: handlerUrl("email-verification") } })}
        >
          {send.isPending ? "Sending…" : "Send a new verification e-mail"}
        </button>
      </p>
    </>
  );
}
