import type { FormFieldErrors } from './form-errors';

/** A form's values checked on the page: the body to save, or the messages of the fields that failed. */
export type CheckedForm<Body, Name extends string = string> =
  | { ok: true; body: Body }
  | { ok: false; errors: FormFieldErrors<Name>[] };

/**
 * Saves a checked form: a failed check, or a save the server refuses naming fields, puts the messages
 * on those fields (the request client has already shown the notice of a refusal).
 */
export async function submitChecked<Body, Name extends string>(
  checked: CheckedForm<Body, Name>,
  save: (body: Body) => Promise<unknown>,
  serverErrors: (error: unknown) => FormFieldErrors<Name>[],
  setFields: (errors: FormFieldErrors<Name>[]) => void,
): Promise<void> {
  if (!checked.ok) {
    setFields(checked.errors);
    return;
  }
  try {
    await save(checked.body);
  } catch (error) {
    const errors = serverErrors(error);
    if (errors.length > 0) setFields(errors);
  }
}
