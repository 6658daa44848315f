import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { weightSuggestion } from '@/lib/services/risk-policy/suggest-weights';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Weights learned from the workspace's decisions, with a held-out backtest; saves nothing (an admin
// adopts them with PUT /api/console/risk-policy).
const getHandler = consoleRoute(
  { endpoint: 'console.risk_policy.suggestion', role: 'admin' },
  async ({ ctx }) => Response.json(await weightSuggestion(db(), ctx)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
