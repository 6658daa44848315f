/** Console roles per workspace: analysts investigate; admins also manage keys and members. */
export const ROLES = ['analyst', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Admin includes everything an analyst may do. */
export function roleAllows(role: Role, required: Role): boolean {
  return required === 'analyst' || role === 'admin';
}
