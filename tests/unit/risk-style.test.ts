// Issue 31 item 9: a check whose state is its level's own word reads once ("High", never
// "HIGH High" or "NONE None"); any other state is shown beside the level.
import { describe, expect, it } from 'vitest';
import { sameWord } from '@/components/results/risk-style';

describe('a state said by its level chip', () => {
  it('is the level word, in either spelling', () => {
    expect(sameWord('HIGH', 'HIGH')).toBe(true);
    expect(sameWord('NONE', 'NONE')).toBe(true);
    expect(sameWord('medium', 'MED')).toBe(true);
    expect(sameWord('Low', 'LOW')).toBe(true);
  });

  it('is not any other state, even one naming another level', () => {
    expect(sameWord('VALID', 'NONE')).toBe(false);
    expect(sameWord('HIGH', 'MED')).toBe(false);
    expect(sameWord('NOT_PORTED', 'NONE')).toBe(false);
  });
});
