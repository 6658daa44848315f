// How the console's account-wide member actions (a password reset, removing a second factor)
// answer an admin who may not take them (lib/services/members/member-authority.ts).
import type { MemberAuthority } from '@/lib/services/members/member-authority';
import { ProblemError } from './problem';

/** 409 under `userId` (the problem catalog has no console-only CONFLICT code). */
const conflict = (message: string) =>
  new ProblemError(409, 'INVALID_INPUT', `userId: ${message}`, [
    { path: 'userId', message, code: 'INVALID_INPUT' },
  ]);

/** `yourself`: where the admin does it for their own account; `operator`: the CLI command. */
export function memberRefusal(
  reason: Exclude<MemberAuthority, { ok: true }>['reason'],
  words: { yourself: string; operator: string },
): ProblemError {
  if (reason === 'not_found')
    return new ProblemError(404, 'NOT_FOUND', 'No member with this id in this workspace.');
  if (reason === 'yourself') return conflict(words.yourself);
  return conflict(
    `this member also belongs to a workspace you do not administer: the operator resets them (${words.operator})`,
  );
}
