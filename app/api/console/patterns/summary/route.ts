import { consoleTwin } from '@/lib/api/console-twin';
import { patternSummaryOperation } from '@/lib/api/operations/pattern-summary';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = consoleTwin(patternSummaryOperation);
