import { describe, expect, it } from 'vitest';

import { signErrors } from './SignPage';

const MESSAGES = { username: 'Enter your user name', password: 'Enter your password' };

describe('the sign-in form checks', () => {
  it('asks for both fields when empty, and for a user name made of spaces only', () => {
    expect(signErrors({ username: '', password: '' }, MESSAGES)).toEqual(MESSAGES);
    expect(signErrors({ username: '   ', password: 'x' }, MESSAGES)).toEqual({ username: MESSAGES.username });
  });

  it('accepts a password of spaces (passwords are not trimmed) and a filled form', () => {
    expect(signErrors({ username: 'admin', password: '  ' }, MESSAGES)).toEqual({});
    expect(signErrors({ username: ' admin ', password: 'secret' }, MESSAGES)).toEqual({});
  });
});
