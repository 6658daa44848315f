import { db } from '@/lib/db/client';
import { requestIdFrom } from '@/lib/http/request-id';
import { health } from '@/lib/services/health';
import packageJson from '@/package.json';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const result = await health(db(), packageJson.version);
  return Response.json(result, {
    status: result.status === 'ok' ? 200 : 503,
    headers: { 'X-Request-Id': requestIdFrom(request.headers), 'Cache-Control': 'no-store' },
  });
}
