import { useId, type InputHTMLAttributes } from "react";

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  /** What is wrong with the value, shown under the field and announced politely. */
  error?: string | null;
}

export function FormField({ label, hint, error, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input {...input} id={id} aria-describedby={describedBy} aria-invalid={error ? true : input["aria-invalid"]} />
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {/* Always present, so that screen readers announce a message when one appears. */}
      <p className="field-error" id={errorId} aria-live="polite">
        {error ?? ""}
      </p>
    </div>
  );
}
