import { ROLES, type Role } from '@/lib/contract/roles';

// The roles themselves are part of the wire contract (lib/contract/roles.ts), for the browser too.
export { ROLES, type Role };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Admin includes everything an analyst may do. */
export function roleAllows(role: Role, required: Role): boolean {
  return required === 'analyst' || role === 'admin';
}
