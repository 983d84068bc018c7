/**
 * The form-page block: `useIdParam` reads an edit page's `?id`, `useFormPage` saves, says so, refreshes
 * and returns to the list the user came from, `serverFieldErrors` puts a 400's messages on the fields.
 * Forms take `submitting`, `onSubmit`, `onCancel`. See useFormPage.ts for the example.
 */
export * from './form-errors';
export * from './return-to';
export * from './rules';
export * from './useFormPage';
export * from './useIdParam';
