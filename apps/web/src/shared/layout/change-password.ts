/**
 * The pure half of the "change password" dialog: the rules its fields follow (the same as the server's,
 * so most mistakes are caught before a call).
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@storefleet/contracts';

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Why a new password is refused before it is sent, or null when it may go. */
export type NewPasswordProblem = 'tooShort' | 'tooLong' | 'sameAsCurrent' | null;

export function newPasswordProblem(newPassword: string, oldPassword: string | undefined): NewPasswordProblem {
  if (newPassword.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (newPassword.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (oldPassword !== undefined && oldPassword !== '' && newPassword === oldPassword) return 'sameAsCurrent';
  return null;
}

/** The confirmation must repeat the new password exactly. */
export function confirmMatches(values: Partial<ChangePasswordValues>): boolean {
  return (values.confirmPassword ?? '') === (values.newPassword ?? '');
}
