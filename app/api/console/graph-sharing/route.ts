import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import {
  getGraphSharing,
  graphContributions,
  parseGraphSharingRequest,
  setGraphSharing,
} from '@/lib/services/graph-sharing';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const gone = () => new ProblemError(401, 'UNAUTHORIZED', 'This workspace no longer exists; sign in again.');

// Whether other workspaces see this one's contributions to the shared graph (admins only), and
// what those contributions are: what turning sharing on would show them.
const getHandler = consoleRoute(
  { endpoint: 'console.graph_sharing.get', role: 'admin' },
  async ({ workspace }) => {
    const current = await getGraphSharing(db(), { workspaceId: workspace.id });
    if (!current) throw gone();
    const contributions = await graphContributions(db(), current.workspaceId);
    return Response.json({ shareGraph: current.shareGraph, contributions });
  },
);

const putHandler = consoleRoute(
  { endpoint: 'console.graph_sharing.save', role: 'admin' },
  async ({ json, workspace, userId, requestId }) => {
    const parsed = parseGraphSharingRequest(await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await setGraphSharing(db(), {
      workspaceId: workspace.id,
      shareGraph: parsed.value.shareGraph,
      actor: userId,
      requestId,
    });
    if (!result.ok) throw gone();
    return Response.json({ shareGraph: result.value.shareGraph, changed: result.value.changed });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler, PUT: putHandler });
