import { consoleTwin } from '@/lib/api/console-twin';
import { verifyOperation } from '@/lib/api/operations/verify';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = consoleTwin(verifyOperation);
