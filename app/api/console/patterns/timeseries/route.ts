import { consoleTwin } from '@/lib/api/console-twin';
import { patternTimeseriesOperation } from '@/lib/api/operations/pattern-timeseries';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = consoleTwin(patternTimeseriesOperation);
