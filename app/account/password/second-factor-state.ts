/** Where the enrolment of an authenticator app stands in the browser. */
export type SecondFactorFormState =
  | { step: 'idle'; error: string | null; notice?: string }
  | { step: 'scan'; secret: string; qr: string; error: string | null }
  | { step: 'codes'; recoveryCodes: string[]; error: null };

export const IDLE: SecondFactorFormState = { step: 'idle', error: null };
