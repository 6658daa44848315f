'use client';

// Placeholder until the Signals view lands: the Investigate page renders this panel with the
// request it assembled (null before the first run).
export function SignalsPanel({ request }: { request: Record<string, unknown> | null }) {
  return request === null ? null : <p className="muted">The Signals view is being built.</p>;
}
