import type { Role } from './roles';

// The console's claims, carried from authorize() through the JWT into the session.
declare module '@auth/core/types' {
  interface User {
    workspaceId?: string;
    role?: Role;
    /** The console_sessions row of this sign-in. */
    sessionId?: string;
  }
  interface Session {
    workspaceId?: string;
    role?: Role;
    signedInAt?: number;
    sessionId?: string;
    signedInWith?: 'password' | 'sso';
  }
}
