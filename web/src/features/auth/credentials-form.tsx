import { useState, type FormEvent, type ReactNode } from "react";
import { ErrorAlert } from "../../components/error-alert";
import { FormField } from "../../components/form-field";

export interface Credentials {
  email: string;
  password: string;
}

interface CredentialsFormProps {
  title: string;
  submitLabel: string;
  /** `current-password` for sign-in, `new-password` for sign-up, so password managers do the right thing. */
  passwordAutoComplete: "current-password" | "new-password";
  passwordHint?: string;
  pending: boolean;
  error: string | null;
  onSubmit: (credentials: Credentials) => void;
  footer: ReactNode;
}

export function CredentialsForm(props: CredentialsFormProps) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit({ email: email.trim(), password });
  };

  return (
    <section className="card" aria-labelledby="form-title">
      <h1 id="form-title">{props.title}</h1>
      <form onSubmit={submit} noValidate={false}>
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
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
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={props.error ? true : undefined}
        />
        <ErrorAlert message={props.error} />
        <button type="submit" className="button" disabled={props.pending} aria-busy={props.pending}>
          {props.pending ? "Please wait…" : props.submitLabel}
        </button>
      </form>
      <p className="card-footer">{props.footer}</p>
    </section>
  );
}
