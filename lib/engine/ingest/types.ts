// Shapes of the graph's three feeds after validation (docs/api/ingestion.md).
import type { NormalizedRequest } from '../types';

export const EVENT_TYPES = [
  'visitor',
  'signup',
  'click',
  'verification',
  'signals',
  'id_resolution',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const MAX_ITEMS_PER_REQUEST = 10_000;

/** An activity event: who was seen (identifiers), doing what, when, according to whom. */
export interface IngestEvent {
  /** Caller's id for idempotency; null when the caller sent none (then never deduplicated). */
  id: string | null;
  type: EventType;
  observedAt: Date;
  source: string;
  /** Upper-case alpha-2. */
  country: string | null;
  identifiers: NormalizedRequest;
}

export const LINE_TYPES = ['MOBILE', 'LANDLINE', 'VOIP', 'TOLL_FREE', 'PREPAID'] as const;
export type LineType = (typeof LINE_TYPES)[number];

export type IngestRecord =
  | {
      kind: 'breach';
      breach: string;
      breachedAt: Date;
      identifiers: NormalizedRequest;
    }
  | {
      kind: 'phone';
      /** E.164. */
      phone: string;
      lineType: LineType;
      carrier: string | null;
      observedAt: Date;
      dno: 'voice' | 'text' | 'both' | null;
    }
  | {
      kind: 'profile';
      service: string;
      username: string | null;
      userid: string | null;
      url: string | null;
      createdAt: Date | null;
      followers: number | null;
      following: number | null;
      country: string | null;
      /** Identifiers of the profile's owner (may be empty). */
      identifiers: NormalizedRequest;
    };

export interface ItemRejection {
  index: number;
  code: string;
  message: string;
}

export type ItemResult<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

export const RECORD_KINDS = ['breach', 'phone', 'profile'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const DNO_VALUES = ['voice', 'text', 'both'] as const;
export type Dno = (typeof DNO_VALUES)[number];

/** Codes an item of a batch can be rejected with, besides the request parser's InputErrorCodes. */
export type IngestRejectionCode =
  | 'INVALID_EVENT'
  | 'INVALID_RECORD'
  | 'FUTURE_TIMESTAMP'
  | 'TIMESTAMP_OUT_OF_RANGE'
  | 'MALFORMED_JSON'
  /** An identifier of the item carries a deletion tombstone (docs/api/operations.md, deletion). */
  | 'DATA_DELETED';
