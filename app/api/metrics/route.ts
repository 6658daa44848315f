import { metricsRoute } from '@/lib/metrics/route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = metricsRoute();
