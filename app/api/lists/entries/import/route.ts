import { importListEntriesOperation } from '@/lib/api/operations/list-entries';
import { publicRoute } from '@/lib/api/public-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoute(importListEntriesOperation);
