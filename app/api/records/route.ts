import { feedRoute } from '@/lib/http/feed-route';
import { ingestRecords } from '@/lib/services/ingest';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = feedRoute('records', ingestRecords);
