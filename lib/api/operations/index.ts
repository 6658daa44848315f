// The registry: every operation of the public API, in the order the OpenAPI document lists them.
// Route files, console twins, the document and the explorer are derived from it.
import type { ApiOperation } from '../operation';
import { getSessionOperation } from './get-session';
import { healthOperation } from './health';
import { ingestEventsOperation } from './ingest-events';
import { ingestRecordsOperation } from './ingest-records';
import {
  addListEntryOperation,
  importListEntriesOperation,
  listListEntriesOperation,
  removeListEntryOperation,
  updateListEntryOperation,
} from './list-entries';
// biome-ignore lint/suspicious/noImportCycles: the document is imported lazily, when served, once the registry exists
import { openApiDocumentOperation } from './openapi-document';
import { patternSummaryOperation } from './pattern-summary';
import { patternTimeseriesOperation } from './pattern-timeseries';
import { signalsOperation } from './signals';
import { verifyOperation } from './verify';

export const API_OPERATIONS: readonly ApiOperation[] = [
  verifyOperation,
  getSessionOperation,
  signalsOperation,
  patternSummaryOperation,
  patternTimeseriesOperation,
  ingestEventsOperation,
  ingestRecordsOperation,
  listListEntriesOperation,
  addListEntryOperation,
  updateListEntryOperation,
  removeListEntryOperation,
  importListEntriesOperation,
  healthOperation,
  openApiDocumentOperation,
];
