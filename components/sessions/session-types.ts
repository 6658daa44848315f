// The console routes' answers (GET /api/console/sessions and /api/console/sessions/[id]).

export type { SessionDetail, SessionListItem, SessionsPage } from '@/lib/contract/console/sessions';
export type { CallCheck, CheckChange, InputChange, TimelineCall } from '@/lib/engine/session-timeline';

export const sessionsQueryKey = (band: string) => ['sessions', 'list', band] as const;
export const sessionQueryKey = (id: string) => ['sessions', 'detail', id] as const;
