import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { listStatus } from '@/lib/services/reference/list-status';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The imported reference lists (sanctions, IP, SSA) with their dates and sizes. Shared by every
// workspace, like the checks that read them; cached for a few seconds by listStatus.
const getHandler = consoleRoute({ endpoint: 'console.lists' }, async () =>
  Response.json({ lists: await listStatus(db()) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
