// The pattern intervals a client may ask for: part of the wire contract, which the engine and the
// console both read.

export const PATTERN_INTERVALS = ['hour', 'day', 'week', 'month', '6month', 'year'] as const;

export type PatternInterval = (typeof PATTERN_INTERVALS)[number];
