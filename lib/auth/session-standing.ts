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
): SessionStanding {
  if (user.sessionLive === false) return 'signed_out';
  if (user.sessionsNotBefore && signedInAtMs < user.sessionsNotBefore.getTime()) return 'signed_out';
  if (user.mustChangePassword) return 'must_change_password';
  // The workspace requires two-step sign-in: a member without it sets it up before anything else.
  if (user.requireSecondFactor && !user.hasSecondFactor) return 'must_enrol_second_factor';
  return 'active';
}
