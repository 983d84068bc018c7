/**
 * The form-page block: `useIdParam` reads an edit page's `?id`, `useFormPage` saves, says so, refreshes
 * and returns to the list the user came from, `serverFieldErrors` puts a 400's messages on the fields.
 * Forms take `submitting`, `onSubmit`, `onCancel`. See useFormPage.ts for the example.
 * The form kit: `FormCard`/`FormCol` lay out a part of a form, `FormFooter` its buttons, `StorePicker`
 * chooses stores, `submitChecked` saves values checked by the form's pure `*-values.ts` module.
 */
export * from './FormCard';
export * from './FormFooter';
export * from './form-errors';
export * from './return-to';
export * from './rules';
export * from './StorePicker';
export * from './submit-checked';
export * from './TextField';
export * from './useFormPage';
export * from './useIdParam';
