import { useSendPasswordResetCode } from "@gatehouse/clients/react-query";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { ErrorAlert } from "../../components/error-alert";
import { FormField } from "../../components/form-field";
import { PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import { handlerPath, handlerUrl } from "../../lib/handler-paths";
import { emailProblem } from "../../lib/validation";

/**
 * Asks for a password reset link. The answer reads the same whether or not an account uses
 * the address, as the server's does, so this page cannot be used to find out who has one.
 */
export function ForgotPasswordPage() {
  const { search } = useLocation();
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendPasswordResetCode();
  const signIn = `${handlerPath("sign-in")}${search}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) return event.currentTarget.querySelector("input")?.focus();
    send.mutate({ data: { email: email.trim(), callback_url: handlerUrl("password-reset") } });
  };

  if (send.isSuccess) {
    return (
      <PageCard title="Check your inbox" announce>
        <p>
          If an account uses <strong className="address">{send.variables.data.email}</strong>, we have sent it a link to
          choose a new password. The link works for one hour.
        </p>
        <p className="muted">No e-mail after a few minutes? Look in your spam folder, or check the address and ask again.</p>
        <p className="actions">
          <Link to={signIn} className="button">
            Back to sign in
          </Link>
          <button type="button" className="button secondary" onClick={() => send.reset()}>
            Use another address
          </button>
        </p>
      </PageCard>
    );
  }

  return (
    <PageCard title="Reset your password">
      <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <form onSubmit={submit} noValidate>
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setProblem(null);
          }}
          error={problem}
        />
        <ErrorAlert message={send.error ? errorMessage(send.error) : null} />
        <button type="submit" className="button" disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? "Sending…" : "Send reset link"}
        </button>
      </form>
      <p className="card-footer">
        Remembered it? <Link to={signIn}>Sign in</Link>
      </p>
    </PageCard>
  );
}
