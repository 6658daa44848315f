import { serverSecret } from '@/lib/config/secret';
import { exportListEntriesQuerySchema } from '@/lib/contract/console/workspace-lists';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';
import { exportListEntriesCsv } from '@/lib/services/workspace-lists';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The workspace's lists as a CSV download, streamed a page at a time (every member reads them).
const getHandler = consoleRoute(
  { endpoint: 'console.list_entries.export' },
  async ({ request, workspace }) => {
    const parsed = parseWith(
      exportListEntriesQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const rows = exportListEntriesCsv(db(), serverSecret(), workspace.id, parsed.value);
    const encoder = new TextEncoder();
    // The first page is read before answering, so a failing database is a 503, not a cut file.
    const first = await rows.next();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!first.done) controller.enqueue(encoder.encode(first.value.csv));
      },
      async pull(controller) {
        const next = await rows.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.csv));
      },
      async cancel() {
        await rows.return(undefined);
      },
    });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="workspace-lists-${parsed.value.list ?? 'all'}-${day}.csv"`,
      },
    });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
