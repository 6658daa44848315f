// The console routes' answers (GET /api/console/sessions and /api/console/sessions/[id]).

export type { CheckChange, InputChange, TimelineCall } from '@/lib/engine/session-timeline';
// biome-ignore lint/style/noRestrictedImports: type-only, erased from the bundle; the type is to move to lib/contract
export type { SessionDetail, SessionListItem, SessionsPage } from '@/lib/services/sessions-query';

export const sessionsQueryKey = (band: string) => ['sessions', 'list', band] as const;
export const sessionQueryKey = (id: string) => ['sessions', 'detail', id] as const;
