// Whether a console session may still act (issue 32): the membership is read from the database on
// every console request, so a reset, a password change or "sign out everywhere" ends sessions on
// every process at once, whatever the cookie's 12 hours say.

export type SessionStanding = 'active' | 'signed_out' | 'must_change_password' | 'must_enrol_second_factor';

export function sessionStanding(
  signedInAtMs: number,
  user: {
    sessionsNotBefore: Date | null;
    mustChangePassword: boolean;
    sessionLive?: boolean;
    requireSecondFactor?: boolean;
    hasSecondFactor?: boolean;
  },
  signedInWith: 'password' | 'sso' = 'password',
): SessionStanding {
  if (user.sessionLive === false) return 'signed_out';
  if (user.sessionsNotBefore && signedInAtMs < user.sessionsNotBefore.getTime()) return 'signed_out';
  // Single sign-on proved the person at the identity provider, under its own password and MFA
  // rules: the console's password and second factor were not used, so neither is asked for.
  if (signedInWith === 'sso') return 'active';
  if (user.mustChangePassword) return 'must_change_password';
  // The workspace requires two-step sign-in: a member without it sets it up before anything else.
  if (user.requireSecondFactor && !user.hasSecondFactor) return 'must_enrol_second_factor';
  return 'active';
}

/**
 * What a session that may not act is told, in one place for both doors: a data route answers the
 * status and message as a problem, a page redirects to the path.
 */
export const STANDING_REFUSAL: Record<
  Exclude<SessionStanding, 'active'>,
  { status: 401 | 403; message: string; redirect: string }
> = {
  signed_out: {
    status: 401,
    message: 'This session was signed out; sign in again.',
    redirect: '/sign-in?error=SignedOut',
  },
  must_change_password: {
    status: 403,
    message: 'Your password was reset: choose a new one at /account/password before anything else.',
    redirect: '/account/password',
  },
  must_enrol_second_factor: {
    status: 403,
    message: 'This workspace requires two-step sign-in: set it up at /account/password before anything else.',
    redirect: '/account/password#two-step',
  },
};
