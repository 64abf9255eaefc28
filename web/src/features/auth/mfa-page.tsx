import { useSignInWithMfa, type MfaSignInTokens } from "@gatehouse/clients/react-query";
import { GatehouseApiError } from "@gatehouse/clients/session";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ErrorAlert } from "../../components/error-alert";
import { FormField } from "../../components/form-field";
import { errorMessage } from "../../lib/error-message";
import { handlerPath } from "../../lib/handler-paths";
import { forgetMfaAttemptCode, readMfaAttemptCode } from "./mfa-hand-off";
import { useFinishSignIn } from "./use-finish-sign-in";

/** Answers after which this attempt cannot finish any more: the person has to sign in again. */
const ATTEMPT_OVER: Record<string, string> = {
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: "Too many wrong codes were entered. Please sign in again.",
  VERIFICATION_CODE_EXPIRED: "This sign-in took too long and has expired. Please sign in again.",
  VERIFICATION_CODE_ALREADY_USED: "This sign-in has already been finished. Please sign in again.",
  VERIFICATION_CODE_NOT_FOUND: "This sign-in can no longer be finished. Please sign in again.",
};

const SIX_DIGITS = /^\d{6}$/;

/**
 * The second step of signing in for a user with two-factor sign-in on. A first factor (the
 * sign-in page, the magic-link callback) left the attempt code in session storage
 * (mfa-hand-off.ts); this page asks for the authenticator's six-digit code and finishes the
 * sign-in as the sign-in page does. A wrong code may be tried again; once the attempt is
 * over (too many wrong codes, expired) the only way on is to sign in again.
 */
export function MfaPage() {
  const { search } = useLocation();
  const [attemptCode] = useState(readMfaAttemptCode);
  const signInAgain = `${handlerPath("sign-in")}${search}`;

  if (!attemptCode) {
    return (
      <MfaCard>
        <p>No sign-in is waiting for a code in this tab. Sign in first; you will be asked for the code afterwards.</p>
        <p className="actions">
          <Link to={signInAgain} className="button">
            Sign in
          </Link>
        </p>
      </MfaCard>
    );
  }
  return <TotpForm attemptCode={attemptCode} signInAgain={signInAgain} />;
}

function TotpForm({ attemptCode, signInAgain }: { attemptCode: string; signInAgain: string }) {
  const finishSignIn = useFinishSignIn();
  const [totp, setTotp] = useState("");
  const [formatError, setFormatError] = useState<string | null>(null);
  const signIn = useSignInWithMfa({
    mutation: {
      onSuccess: (tokens: MfaSignInTokens) => {
        forgetMfaAttemptCode();
        finishSignIn(tokens);
      },
      onError: (error) => {
        setTotp("");
        if (attemptIsOver(error)) forgetMfaAttemptCode();
      },
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = totp.replace(/\s+/g, "");
    // A malformed code would only spend one of the attempt's few tries.
    if (!SIX_DIGITS.test(code)) {
      setFormatError("Enter the 6-digit code from your authenticator app.");
      return;
    }
    setFormatError(null);
    signIn.mutate({ data: { type: "totp", totp: code, code: attemptCode } });
  };

  if (signIn.error && attemptIsOver(signIn.error)) {
    return (
      <MfaCard>
        <ErrorAlert message={ATTEMPT_OVER[signIn.error.code]!} />
        <p className="actions">
          <Link to={signInAgain} className="button">
            Sign in again
          </Link>
        </p>
      </MfaCard>
    );
  }

  const error = formatError ?? (signIn.error ? totpErrorMessage(signIn.error) : null);
  return (
    <MfaCard>
      <p>Open your authenticator app and enter the 6-digit code it shows for this account.</p>
      <form onSubmit={submit}>
        <FormField
          label="Authentication code"
          name="totp"
          className="code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          required
          maxLength={7}
          value={totp}
          onChange={(event) => {
            setTotp(event.target.value);
            // A message about the previous code would read as if it were about this one.
            setFormatError(null);
            if (signIn.isError) signIn.reset();
          }}
          aria-invalid={error ? true : undefined}
        />
        <ErrorAlert message={error} />
        <button type="submit" className="button" disabled={signIn.isPending} aria-busy={signIn.isPending}>
          {signIn.isPending ? "Checking…" : "Verify"}
        </button>
      </form>
      <p className="card-footer">
        Not you? <Link to={signInAgain}>Sign in with another account</Link>
      </p>
    </MfaCard>
  );
}

function MfaCard({ children }: { children: ReactNode }) {
  return (
    <section className="card" aria-labelledby="mfa-title">
      <h1 id="mfa-title">Two-factor authentication</h1>
      {children}
    </section>
  );
}

function attemptIsOver(error: unknown): error is GatehouseApiError & { code: string } {
  return error instanceof GatehouseApiError && error.code !== null && error.code in ATTEMPT_OVER;
}

function totpErrorMessage(error: unknown): string {
  if (error instanceof GatehouseApiError && error.code === "INVALID_TOTP_CODE") {
    return "Invalid TOTP code. Check your authenticator app and enter the code it shows now.";
  }
  return errorMessage(error);
}
