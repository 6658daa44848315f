export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

export interface PasswordFormState {
  /** Per field, what is wrong (the server's policy verdict included). */
  errors: Partial<Record<PasswordField, string>>;
  /** What went wrong outside the fields (throttling, a signed-out session). */
  error: string | null;
}

export const NO_ERRORS: PasswordFormState = { errors: {}, error: null };
