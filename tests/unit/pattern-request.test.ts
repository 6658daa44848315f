// The single-email pattern operations read their body like Signals reads MultiFieldReq
// (docs/api/request-fields.md): unknown fields are ignored, and an over-long email is looked up, not refused.
import { describe, expect, it } from 'vitest';
import { parsePatternSummaryRequest, parsePatternTimeseriesRequest } from '@/lib/engine/pattern-request';

describe('pattern operation bodies', () => {
  it('accept and ignore unknown fields', () => {
    const summary = parsePatternSummaryRequest({ email: 'a@example.com', patternInterval: 'day', foo: 1 });
    expect(summary.ok && summary.value.email.address).toBe('a@example.com');
    const series = parsePatternTimeseriesRequest({ email: 'a@example.com', interval: 'week', foo: [1] });
    expect(series.ok && series.value.interval).toBe('week');
  });

  it('take an over-long email as an invalid cleartext', () => {
    const result = parsePatternSummaryRequest({ email: `${'a'.repeat(10_000)}@example.com` });
    expect(result.ok && result.value.email).toMatchObject({ form: 'cleartext', valid: false });
  });

  it('still require the email and a known interval', () => {
    expect(parsePatternSummaryRequest({}).ok).toBe(false);
    expect(parsePatternSummaryRequest({ email: '  ' }).ok).toBe(false);
    const bad = parsePatternTimeseriesRequest({ email: 'a@example.com', interval: 'decade' });
    expect(bad.ok === false && bad.errors.map((e) => e.path)).toEqual(['interval']);
  });
});
