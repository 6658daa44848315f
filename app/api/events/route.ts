import { feedRoute } from '@/lib/http/feed-route';
import { ingestEvents } from '@/lib/services/ingest';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = feedRoute('events', ingestEvents);
