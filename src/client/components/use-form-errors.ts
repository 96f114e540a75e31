import { useEffect, useRef, useState, type RefObject } from 'react';
import { translateText } from '../i18n/i18n';

/** Field name (a dotted path for nested fields, e.g. `availability.0.end`) -> its message. */
export type FieldErrorMap = Partial<Record<string, string>>;

/** The parts of a zod error this needs (so this design-system piece does not import zod). */
interface IssueList {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** A failed zod parse as one message per field (the first issue of each path wins). */
export function zodFieldErrors(error: IssueList | undefined): FieldErrorMap {
  const out: FieldErrorMap = {};
  for (const issue of error?.issues ?? []) {
    const name = issue.path.map(String).join('.');
    // A shared schema's message, in the page's language (src/shared/locales).
    out[name] ??= translateText(issue.message);
  }
  return out;
}

interface FormErrorsOptions<V> {
  /** The form's values by field name; a change to a field in error re-checks it. */
  values: V;
  /** The form's own rules (field name -> message), run on submit and as a field in error changes. */
  validate?: (values: V) => FieldErrorMap;
}

export interface FormErrors {
  /** The messages to show now, by field name: pass each to its field's `error`. */
  errors: FieldErrorMap;
  /** Props for the <form>: no browser bubbles, and the element to search for the first invalid field. */
  formProps: { ref: RefObject<HTMLFormElement | null>; noValidate: true };
  /** Runs `validate` and shows what it finds; true when the form may be sent. */
  check: () => boolean;
  /** Shows these messages (e.g. the server's fieldErrors), replacing the last ones, and focuses the first field in error. */
  show: (errors: FieldErrorMap) => void;
  /** Forgets every message (e.g. after a successful send). */
  clear: () => void;
}

const topKey = (name: string) => name.split('.')[0]!;

/**
 * The one way a form shows its errors (issue 31): each message under its field (the fields of
 * components/field.tsx link it with aria-describedby and set aria-invalid), focus on the first field
 * in error after a submit, and a field's message gone as soon as she has fixed it. A form-level
 * summary (FormMessage) is for what SPEC quotes as one ('Please fill out all required fields.') or
 * for a failure that belongs to no field.
 */
export function useFormErrors<V extends object>({ values, validate }: FormErrorsOptions<V>): FormErrors {
  const ref = useRef<HTMLFormElement>(null);
  // `checked`: the messages came from the form's own rules (check), not from the server (show).
  const [shown, setShown] = useState<{ errors: FieldErrorMap; values: V; focus: number; checked: boolean }>(() => ({
    errors: {},
    values,
    focus: 0,
    checked: false,
  }));

  useEffect(() => {
    if (!shown.focus) return;
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [shown.focus]);

  // A message of the form's own rules stays as long as its rule still fails (so fixing either of
  // two passwords that differ clears it); a server's message stays until she changes its field.
  const errors: FieldErrorMap = {};
  const now = shown.checked ? (validate?.(values) ?? {}) : {};
  for (const [name, message] of Object.entries(shown.errors)) {
    if (!message) continue;
    if (shown.checked) {
      if (now[name]) errors[name] = now[name];
    } else {
      const key = topKey(name) as keyof V;
      if (Object.is(values[key], shown.values[key])) errors[name] = message;
    }
  }

  const show = (next: FieldErrorMap, checked = false) => setShown((s) => ({ errors: next, values, focus: s.focus + 1, checked }));
  return {
    errors,
    formProps: { ref, noValidate: true },
    check: () => {
      const found = validate?.(values) ?? {};
      const ok = !Object.values(found).some(Boolean);
      show(ok ? {} : found, true);
      return ok;
    },
    show: (next) => show(next),
    clear: () => setShown((s) => ({ errors: {}, values, focus: s.focus, checked: false })),
  };
}
