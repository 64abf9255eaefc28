import { useCheckPasswordResetCode, useResetPassword } from "@gatehouse/clients/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert";
import { FormField } from "../../components/form-field";
import { IncompleteLink, isDeadLink, LinkProblem } from "../../components/link-problem";
import { LoadingCard, PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import { handlerPath } from "../../lib/handler-paths";
import { useLinkCode } from "../../lib/link-code";
import {
  fieldErrors,
  focusFirstProblem,
  newPasswordProblem,
  passwordConfirmationProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type FieldErrors,
} from "../../lib/validation";

const LINK = "password reset link";

/**
 * Where a mailed reset link leads (`?code=`). The code is checked first, so that a dead link
 * says so before anyone types a new password; it is used up only by the reset itself.
 */
export function PasswordResetPage() {
  const code = useLinkCode();
  if (!code) return <IncompleteLink link={LINK}>{askAgain}</IncompleteLink>;
  return <ResetWithCode code={code} />;
}

function ResetWithCode({ code }: { code: string }) {
  const check = useCheckPasswordResetCode();
  const reset = useResetPassword();
  const { mutate: checkCode } = check;

  useEffect(() => {
    checkCode({ data: { code } });
  }, [checkCode, code]);

  if (reset.isSuccess) {
    return (
      <PageCard title="Your password has been changed" announce>
        <p>For your safety, every device that was signed in to your account has been signed out.</p>
        <p className="actions">
          <Link to={handlerPath("sign-in")} className="button">
            Sign in with the new password
          </Link>
        </p>
      </PageCard>
    );
  }
  // The link can also die between the check and the reset (used in another tab, expired).
  const deadLinkError = isDeadLink(reset.error) ? reset.error : check.error;
  if (deadLinkError) {
    return (
      <LinkProblem link={LINK} error={deadLinkError} onRetry={() => checkCode({ data: { code } })}>
        {askAgain}
      </LinkProblem>
    );
  }
  if (!check.isSuccess) return <LoadingCard title="Checking your link">Checking your password reset link…</LoadingCard>;
  return (
    <NewPasswordForm
      pending={reset.isPending}
      error={reset.error ? errorMessage(reset.error) : null}
      onSubmit={(password) => reset.mutate({ data: { code, password } })}
    />
  );
}

type Field = "password" | "confirmation";

function NewPasswordForm(props: { pending: boolean; error: string | null; onSubmit: (password: string) => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ password: "", confirmation: "" });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = fieldErrors({
      password: newPasswordProblem(values.password),
      confirmation: passwordConfirmationProblem(values.password, values.confirmation),
    });
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusFirstProblem(event.currentTarget, problems);
    props.onSubmit(values.password);
  };

  return (
    <PageCard title="Choose a new password">
      <form onSubmit={submit} noValidate>
        <FormField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`}
          value={values.password}
          onChange={change("password")}
          error={errors.password}
        />
        <FormField
          label="Repeat the new password"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirmation}
          onChange={change("confirmation")}
          error={errors.confirmation}
        />
        <ErrorAlert message={props.error} />
        <button type="submit" className="button" disabled={props.pending} aria-busy={props.pending}>
          {props.pending ? "Saving…" : "Change password"}
        </button>
      </form>
    </PageCard>
  );
}

const askAgain = (
  <p className="actions">
    <Link to={handlerPath("forgot-password")} className="button">
      Ask for a new link
    </Link>
  </p>
);
