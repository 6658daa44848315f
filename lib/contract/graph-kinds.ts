// The kinds of identifier the identity graph stores: the engine keys them, the console draws them.

export const GRAPH_KINDS = [
  'email',
  'phone',
  'ssn',
  'profile',
  'ip',
  'name',
  'address',
  'employment',
] as const;
export type GraphKind = (typeof GRAPH_KINDS)[number];
