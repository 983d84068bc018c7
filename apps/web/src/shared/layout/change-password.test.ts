import { describe, expect, it } from 'vitest';

import { confirmMatches, newPasswordProblem } from './change-password';

describe('the change-password dialog', () => {
  it('holds the new password to the server rules: 8 to 128 characters', () => {
    expect(newPasswordProblem('short', 'Current#1')).toBe('tooShort');
    expect(newPasswordProblem('x'.repeat(129), 'Current#1')).toBe('tooLong');
    expect(newPasswordProblem('Long-enough-1', 'Current#1')).toBeNull();
  });

  it('refuses the current password as the new one, but not before the current one is typed', () => {
    expect(newPasswordProblem('Current#2026', 'Current#2026')).toBe('sameAsCurrent');
    expect(newPasswordProblem('Current#2026', '')).toBeNull();
    expect(newPasswordProblem('Current#2026', undefined)).toBeNull();
  });

  it('asks for the new password twice, exactly', () => {
    expect(confirmMatches({ newPassword: 'A-new-passw0rd', confirmPassword: 'A-new-passw0rd' })).toBe(true);
    expect(confirmMatches({ newPassword: 'A-new-passw0rd', confirmPassword: 'A-new-passw0rD' })).toBe(false);
    expect(confirmMatches({ newPassword: 'A-new-passw0rd' })).toBe(false);
  });
});
