import { describe, expect, it, vi } from 'vitest';

import { submitChecked } from './submit-checked';

const refusal = { status: 400, data: { fields: [{ field: 'body.name', message: 'taken' }] } };
const serverErrors = (error: unknown) => (error === refusal ? [{ name: 'name', errors: ['taken'] }] : []);

describe('submitChecked', () => {
  it('marks the failed fields and does not save a form that failed its check', async () => {
    const save = vi.fn(async () => undefined);
    const setFields = vi.fn();
    await submitChecked(
      { ok: false, errors: [{ name: 'name', errors: ['required'] }] },
      save,
      serverErrors,
      setFields,
    );
    expect(save).not.toHaveBeenCalled();
    expect(setFields).toHaveBeenCalledWith([{ name: 'name', errors: ['required'] }]);
  });

  it('saves a checked body and marks nothing when the save succeeds', async () => {
    const save = vi.fn(async () => undefined);
    const setFields = vi.fn();
    await submitChecked({ ok: true, body: { name: 'a' } }, save, serverErrors, setFields);
    expect(save).toHaveBeenCalledWith({ name: 'a' });
    expect(setFields).not.toHaveBeenCalled();
  });

  it('puts the fields a refusal names on the form, and swallows a refusal naming none', async () => {
    const setFields = vi.fn();
    await submitChecked({ ok: true, body: {} }, () => Promise.reject(refusal), serverErrors, setFields);
    expect(setFields).toHaveBeenCalledWith([{ name: 'name', errors: ['taken'] }]);
    setFields.mockClear();
    await submitChecked(
      { ok: true, body: {} },
      () => Promise.reject(new Error('down')),
      serverErrors,
      setFields,
    );
    expect(setFields).not.toHaveBeenCalled();
  });
});
