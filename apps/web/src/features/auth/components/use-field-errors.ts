import { useState, type FormEvent } from 'react';
import { readFields, type FieldErrors } from './auth-checks.ts';

/**
 * A form's rule messages, checked as antd's forms check them: every field on submit, and the field a
 * person edits as they type (plus the fields compared with it, such as a password's confirmation).
 */
export function useFieldErrors<F extends string>(
  fields: readonly F[],
  check: (values: Record<F, string>) => FieldErrors<F>,
  comparedWith: Partial<Record<F, F>> = {},
) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  /** Checks every field; the values when all pass (else null, with the first failing field focused). */
  const checkAll = (form: HTMLFormElement): Record<F, string> | null => {
    const values = readFields(form, fields);
    const found = check(values);
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first === undefined) {
      return values;
    }
    const input = form.elements.namedItem(first);
    if (input instanceof HTMLInputElement) {
      input.focus();
    }
    return null;
  };

  /** The form's input handler: checks the edited field again. */
  const handleInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name as F;
    if (!fields.includes(name)) {
      return;
    }
    const values = readFields(event.currentTarget, fields);
    const found = check(values);
    const other = comparedWith[name];
    setErrors((shown) => {
      const next = { ...shown };
      for (const field of [name, other]) {
        // A compared field is checked again only once something was typed in it.
        if (field === undefined || (field !== name && values[field] === '')) {
          continue;
        }
        if (found[field]) {
          next[field] = found[field];
        } else {
          delete next[field];
        }
      }
      return next;
    });
  };

  return { errors, setErrors, checkAll, handleInput };
}

/** The text of a failed call (the request layer's RequestError carries the server's Chinese msg). */
export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
