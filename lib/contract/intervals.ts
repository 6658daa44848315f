// The pattern intervals a client may ask for. The engine owns the list; re-exported here so the
// console imports the wire contract, not the engine.
export { PATTERN_INTERVALS } from '@/lib/engine/intervals';
export type { PatternInterval } from '@/lib/engine/types';
