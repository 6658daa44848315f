// The console's member routes: request bodies (the routes parse and the Members page's forms
// validate with the same schemas) and the member list's rows.
import { z } from 'zod';
import { ROLES, type Role } from '@/lib/contract/roles';

const roleSchema = z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` });

/** Body of POST /api/console/members. */
export const addMemberRequestSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .max(254, 'at most 254 characters')
    .pipe(z.email('must be an e-mail address such as ana@example.com')),
  role: roleSchema,
});
export type AddMemberRequest = z.infer<typeof addMemberRequestSchema>;

/** Body of PATCH /api/console/members/{userId}. */
export const changeRoleRequestSchema = z.strictObject({ role: roleSchema });
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;

/** One row of GET /api/console/members. */
export interface MemberSummary {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  /** When the membership began (ISO 8601). */
  since: string;
  /** Whether they sign in with a second factor (an authenticator app) after the password. */
  secondFactor: boolean;
}

/** Answer of POST /api/console/members (201). */
export interface AddedMember extends MemberSummary {
  /** A new account's generated password, shown exactly once; absent when the e-mail had an account. */
  password?: string;
}
