import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldShellProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Beside the label, at the row's end (e.g. who sees a profile field). */
  aside?: ReactNode;
  children: (ids: { id: string; describedBy?: string }) => ReactNode;
}

/** A labelled form field with its hint and error wired to aria-describedby. */
export function FieldShell({ label, error, hint, aside, children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`}>
      {aside ? (
        <div className="field-label-row">
          <label htmlFor={id}>{label}</label>
          {aside}
        </div>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {children({ id, describedBy })}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FieldProps = { label: ReactNode; error?: string; hint?: ReactNode; aside?: ReactNode };
type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & FieldProps;

export function TextField({ label, error, hint, aside, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} aside={aside}>
      {({ id, describedBy }) => <input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />}
    </FieldShell>
  );
}

/** The 6 digits of an authenticator app (a space in the middle allowed, as apps show them). */
export function AuthenticatorCodeField(props: Omit<TextFieldProps, 'inputMode' | 'autoComplete' | 'pattern' | 'maxLength'>) {
  return <TextField name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} required {...props} />;
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps;

export function TextAreaField({ label, error, hint, aside, ...input }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} aside={aside}>
      {({ id, describedBy }) => <textarea id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />}
    </FieldShell>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & FieldProps;

export function SelectField({ label, error, hint, aside, children, ...input }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} aside={aside}>
      {({ id, describedBy }) => (
        <select id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

interface ChoiceFieldsetProps {
  legend: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** The choices; each checkbox or radio takes `aria-invalid={invalid}` so a submit can focus the first. */
  children: (state: { invalid: true | undefined }) => ReactNode;
}

/** A group of checkboxes or radios under one legend, its hint and error linked like a field's. */
export function ChoiceFieldset({ legend, error, hint, className, children }: ChoiceFieldsetProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={[className, error ? 'fieldset-invalid' : ''].filter(Boolean).join(' ') || undefined}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <legend>{legend}</legend>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({ invalid: error ? true : undefined })}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function FormMessage({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`form-message form-message-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
