import { describe, expect, it } from 'vitest';

import { fieldsNamed, serverFieldErrors } from './form-errors';

const refused = (fields: { field: string; message: string }[]) => ({ status: 400, data: { fields } });

describe('a refused save on a form', () => {
  it('puts each message on the field of the same name, once', () => {
    const error = refused([
      { field: 'body.name', message: 'is required' },
      { field: 'body.name', message: 'is required' },
      { field: 'body.ename', message: 'is too long' },
    ]);
    expect(serverFieldErrors(error, fieldsNamed(['name', 'ename']))).toEqual([
      { name: 'name', errors: ['is required'] },
      { name: 'ename', errors: ['is too long'] },
    ]);
  });

  it('leaves fields the form does not show, and anything but a 400, to the notice', () => {
    expect(serverFieldErrors(refused([{ field: 'body.id', message: 'x' }]), fieldsNamed(['name']))).toEqual(
      [],
    );
    expect(serverFieldErrors({ status: 409, data: { fields: [{ field: 'name', message: 'x' }] } })).toEqual(
      [],
    );
    expect(serverFieldErrors(new Error('network'))).toEqual([]);
  });
});
