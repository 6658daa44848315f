import { consoleTwin } from '@/lib/api/console-twin';
import { signalsOperation } from '@/lib/api/operations/signals';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = consoleTwin(signalsOperation);
