/** Console roles per workspace: analysts investigate; admins also manage keys and members. */
export const ROLES = ['analyst', 'admin'] as const;
export type Role = (typeof ROLES)[number];
