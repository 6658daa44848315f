import { describe, expect, it } from 'vitest';
import { allLevels, levelChanges, overridesKey } from '@/components/risk-policy/policy-rows';
import { parseBacktestRequest, parseSavePolicyRequest } from '@/lib/services/risk-policy/policy-requests';

describe('the risk policy editor rows', () => {
  it('fills every level from the defaults, with the overrides on top', () => {
    const levels = allLevels({ IP_TYPE: { PRIVATE: 'HIGH' } });
    // docs/checks.md: IP_TYPE PRIVATE [MED], TOR [HIGH], MOBILE no risk.
    expect(levels.IP_TYPE).toMatchObject({ PRIVATE: 'HIGH', TOR: 'HIGH', MOBILE: 'NONE' });
    expect(levels.EMAIL_TYPE).toMatchObject({ BUSINESS: 'MED', FREE: 'LOW', DISPOSABLE: 'HIGH' });
  });

  it('lists the levels that differ between two policies, an unset level reading as its default', () => {
    expect(
      levelChanges(
        { IP_TYPE: { PRIVATE: 'HIGH' }, EMAIL_TYPE: { FREE: 'NONE' } },
        { EMAIL_TYPE: { FREE: 'NONE', BUSINESS: 'LOW' } },
      ),
    ).toEqual([
      { checkId: 'EMAIL_TYPE', state: 'BUSINESS', from: 'MED', to: 'LOW' },
      { checkId: 'IP_TYPE', state: 'PRIVATE', from: 'HIGH', to: 'MED' },
    ]);
    expect(levelChanges({}, {})).toEqual([]);
  });

  it('keys a draft by its content, not by how it is written', () => {
    expect(overridesKey({ IP_TYPE: { PRIVATE: 'HIGH' }, EMAIL_TYPE: {} })).toBe(
      overridesKey({ IP_TYPE: { PRIVATE: 'HIGH' } }),
    );
    expect(overridesKey({ IP_TYPE: { PRIVATE: 'HIGH' } })).not.toBe(
      overridesKey({ IP_TYPE: { PRIVATE: 'LOW' } }),
    );
  });
});

describe('the risk policy route bodies', () => {
  it('save needs the version the editor started from', () => {
    expect(
      parseSavePolicyRequest({ overrides: { IP_TYPE: { PRIVATE: 'HIGH' } }, expectedVersion: 2 }),
    ).toEqual({
      ok: true,
      value: { overrides: { IP_TYPE: { PRIVATE: 'HIGH' } }, expectedVersion: 2 },
    });
    const missing = parseSavePolicyRequest({ overrides: {} });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.errors.map((e) => e.path)).toEqual(['expectedVersion']);
  });

  it('backtest looks 30 days back unless told, at most a year, and refuses unknown fields', () => {
    expect(parseBacktestRequest({ overrides: {} })).toEqual({ ok: true, value: { overrides: {}, days: 30 } });
    expect(parseBacktestRequest({ overrides: {}, days: 365 }).ok).toBe(true);
    expect(parseBacktestRequest({ overrides: {}, days: 366 }).ok).toBe(false);
    expect(parseBacktestRequest({ overrides: {}, days: 0 }).ok).toBe(false);
    const extra = parseBacktestRequest({ overrides: {}, limit: 3 });
    expect(extra.ok).toBe(false);
    if (!extra.ok) expect(extra.errors[0]?.message).toBe('body: unknown field(s): limit');
  });
});
