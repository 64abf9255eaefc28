import { useState, type FormEvent, type ReactNode } from "react";
import { ErrorAlert } from "../../components/error-alert";
import { FormField } from "../../components/form-field";
import { PageCard } from "../../components/page-card";
import { emailProblem, fieldErrors, focusFirstProblem, type FieldErrors } from "../../lib/validation";

export interface Credentials {
  email: string;
  password: string;
}

interface CredentialsFormProps {
  title: string;
  submitLabel: string;
  /** `current-password` for sign-in, `new-password` for sign-up, so password managers do the right thing. */
  passwordAutoComplete: "current-password" | "new-password";
  /** The password rule of this form (any password to sign in, the length rules to sign up). */
  passwordProblem: (password: string) => string | null;
  passwordHint?: string;
  /** Shown under the password field (the "Forgot password?" link). */
  passwordAside?: ReactNode;
  pending: boolean;
  error: string | null;
  onSubmit: (credentials: Credentials) => void;
  footer: ReactNode;
}

export function CredentialsForm(props: CredentialsFormProps) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors<keyof Credentials>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = fieldErrors({ email: emailProblem(email), password: props.passwordProblem(password) });
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusFirstProblem(event.currentTarget, problems);
    props.onSubmit({ email: email.trim(), password });
  };

  return (
    <PageCard title={props.title}>
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
            setErrors(({ email: _, ...rest }) => rest);
          }}
          error={errors.email}
          aria-invalid={props.error ? true : undefined}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete={props.passwordAutoComplete}
          required
          hint={props.passwordHint}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors(({ password: _, ...rest }) => rest);
          }}
          error={errors.password}
          aria-invalid={props.error ? true : undefined}
        />
        {props.passwordAside ? <p className="field-aside">{props.passwordAside}</p> : null}
        <ErrorAlert message={props.error} />
        <button type="submit" className="button" disabled={props.pending} aria-busy={props.pending}>
          {props.pending ? "Please wait…" : props.submitLabel}
        </button>
      </form>
      <p className="card-footer">{props.footer}</p>
    </PageCard>
  );
}
