// Whether a console session may still act (issue 32): the membership is read from the database on
// every console request, so a reset, a password change or "sign out everywhere" ends sessions on
// every process at once, whatever the cookie's 12 hours say.

export type SessionStanding = 'active' | 'signed_out' | 'must_change_password';

export function sessionStanding(
  signedInAtMs: number,
  user: { sessionsNotBefore: Date | null; mustChangePassword: boolean; sessionLive?: boolean },
): SessionStanding {
  if (user.sessionLive === false) return 'signed_out';
  if (user.sessionsNotBefore && signedInAtMs < user.sessionsNotBefore.getTime()) return 'signed_out';
  return user.mustChangePassword ? 'must_change_password' : 'active';
}
