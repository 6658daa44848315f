import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { listMemberships } from '@/lib/services/console-users';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Who is signed in, the active workspace and role, and every workspace they may switch to. */
const getHandler = consoleRoute({ endpoint: 'console.me' }, async ({ userId, workspace, role }) => {
  const workspaces = await listMemberships(db(), userId);
  return Response.json({
    userId,
    workspace: { id: workspace.id, name: workspace.name },
    role,
    workspaces: workspaces.map((m) => ({ id: m.workspaceId, name: m.workspaceName, role: m.role })),
  });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
