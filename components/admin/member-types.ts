export const MEMBERS_QUERY = ['console', 'members'] as const;

export const ROLE_HELP = {
  analyst: 'investigates: Verify, Signals, sessions, batch and the lists',
  admin: 'also manages keys, members, settings and deletions, and reads the audit log',
} as const;
