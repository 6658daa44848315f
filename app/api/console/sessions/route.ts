import { db } from '@/lib/db/client';
import type { FieldError } from '@/lib/engine/types';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { decodeCursor, listSessions } from '@/lib/services/sessions-query';
import { searchSessions } from '@/lib/services/sessions-search';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const BANDS = ['low', 'medium', 'high'] as const;
type Band = (typeof BANDS)[number];
const isBand = (value: string): value is Band => (BANDS as readonly string[]).includes(value);

// The workspace's sessions, most recently active first, 25 a page: ?cursor= from the previous
// page's nextCursor, ?band=low|medium|high for one risk band; ?q= searches instead (a session or
// request id, an email, phone, IP address or SSN: lib/services/sessions-search.ts).
const getHandler = consoleRoute({ endpoint: 'console.sessions.list' }, async ({ request, ctx }) => {
  const params = new URL(request.url).searchParams;
  const q = params.get('q');
  if (q !== null && q.trim() !== '') {
    // Postgres text refuses NUL, and no id or identifier holds a control character.
    const fault =
      q.length > 320
        ? 'at most 320 characters'
        : /\p{Cc}/u.test(q)
          ? 'must not contain control characters'
          : null;
    if (fault !== null) {
      const message = `q: ${fault}`;
      throw inputProblem('INVALID_INPUT', [{ path: 'q', message, code: 'INVALID_INPUT' }]);
    }
    return Response.json(await searchSessions(db(), ctx, q));
  }
  const errors: FieldError[] = [];
  const bandText = params.get('band') || null;
  const cursorText = params.get('cursor') || null;
  if (bandText !== null && !isBand(bandText)) {
    errors.push({ path: 'band', message: `band: must be one of ${BANDS.join(', ')}`, code: 'INVALID_INPUT' });
  }
  const cursor = cursorText === null ? null : decodeCursor(cursorText);
  if (cursorText !== null && cursor === null) {
    errors.push({
      path: 'cursor',
      message: 'cursor: not a cursor of this list; start again without one',
      code: 'INVALID_INPUT',
    });
  }
  if (errors.length > 0) throw inputProblem('INVALID_INPUT', errors);
  const band = bandText !== null && isBand(bandText) ? bandText : null;
  return Response.json(await listSessions(db(), ctx, { cursor, band }));
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
