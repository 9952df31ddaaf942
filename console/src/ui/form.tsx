import { createContext, type ButtonHTMLAttributes, type ComponentChildren, type JSX } from 'preact';
import { useContext, useState } from 'preact/hooks';
import { ApiError } from '../api.ts';
import { useT } from '../i18n.ts';
import { errorText, Notice } from './notice.tsx';

/** The API's `fieldErrors` of the form's last attempt, by field name (the API's dotted path). */
const FieldErrors = createContext<Record<string, string[]>>({});

/** A button; `primary` for the page's main action, `danger` for what cannot be undone. */
export function Button({
  variant = 'plain',
  type = 'button',
  children,
  ...rest
}: { variant?: 'primary' | 'danger' | 'plain'; type?: 'button' | 'submit'; children?: ComponentChildren } & Omit<ButtonHTMLAttributes, 'type'>) {
  return (
    <button {...rest} type={type} class={`button button-${variant}`}>
      {children}
    </button>
  );
}

type Control = { as?: 'input'; type?: string } | { as: 'select'; options: Array<{ value: string; label: string }> } | { as: 'textarea' };

/**
 * A labelled form control. Its error (given, or the API's `fieldErrors` for its `name`) is shown under
 * it, tied to it with aria-describedby and aria-invalid.
 */
export function Field({
  label,
  name,
  hint,
  error,
  value,
  onValue,
  required,
  ...control
}: {
  label: string;
  name: string;
  hint?: string;
  error?: string;
  value: string;
  onValue: (value: string) => void;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'search' | 'email' | 'url';
  placeholder?: string;
  pattern?: string;
  min?: string;
  max?: string;
  step?: string;
} & Control) {
  const apiErrors = useContext(FieldErrors)[name];
  const message = error ?? apiErrors?.join(' ');
  const id = `field-${name.replace(/[^\w-]/g, '-')}`;
  const described = [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = { id, name, required, 'aria-invalid': message ? true : undefined, 'aria-describedby': described };
  const onInput = (event: Event) => onValue((event.currentTarget as HTMLInputElement).value);
  let input: JSX.Element;
  if (control.as === 'select') {
    input = (
      <select {...common} value={value} onChange={onInput}>
        {control.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (control.as === 'textarea') {
    input = <textarea {...common} value={value} onInput={onInput} rows={3} />;
  } else {
    const { as: _as, type = 'text', ...attributes } = control as { as?: 'input'; type?: string } & Record<string, unknown>;
    input = <input {...common} {...attributes} type={type as 'text'} value={value} onInput={onInput} />;
  }
  return (
    <div class={`field${message ? ' field-invalid' : ''}`}>
      <label for={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} class="hint">
          {hint}
        </p>
      )}
      {input}
      {message && (
        <p id={`${id}-error`} class="field-error">
          <span aria-hidden="true">✕ </span>
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * A form that calls the API: the submit button is busy while it runs; an ApiError's `fieldErrors` land
 * on their fields, its other words in an alert at the top (a 429 with its wait). `onSubmit` may return
 * a message to show when it worked.
 */
export function Form({
  onSubmit,
  submitLabel,
  children,
  secondary,
  class: className,
}: {
  onSubmit: () => Promise<string | void>;
  submitLabel: string;
  children?: ComponentChildren;
  secondary?: ComponentChildren;
  class?: string;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      const message = await onSubmit();
      if (message) setDone(message);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const fieldErrors = failure instanceof ApiError ? failure.fieldErrors : {};
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  return (
    <form class={`form stack ${className ?? ''}`} onSubmit={submit} noValidate>
      {failure !== null && (
        <Notice kind="error" title={t.common.errors.title}>
          <p>{errorText(failure, t)}</p>
          {hasFieldErrors && <p>{t.common.errors.fields}</p>}
          {failure instanceof ApiError && failure.formErrors.length > 0 && (
            <ul>
              {failure.formErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      {done && <Notice kind="ok">{done}</Notice>}
      <FieldErrors.Provider value={fieldErrors}>{children}</FieldErrors.Provider>
      <div class="row">
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
