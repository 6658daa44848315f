import { describe, expect, it } from 'vitest';
import { nodeSupport } from '@/lib/runtime/node-support';

// Dates from the Node.js release schedule (github.com/nodejs/Release, "End-of-life" column).
describe('nodeSupport', () => {
  const today = new Date('2026-11-24T12:00:00Z');

  it('warns on Node.js 20, past its end of life on 2026-04-30', () => {
    const support = nodeSupport('v20.20.2', today);
    expect(support).toMatchObject({ major: 20, endOfLife: '2026-04-30', status: 'end-of-life' });
    expect(support.line).toMatch(/^warning: Node\.js 20\.20\.2 reached its end of life on 2026-04-30/);
  });

  it('did not warn on Node.js 20 the day before its end of life', () => {
    expect(nodeSupport('v20.20.2', new Date('2026-04-29T12:00:00Z')).status).not.toBe('end-of-life');
  });

  it('calls the two LTS lines supported, with their end of life', () => {
    expect(nodeSupport('v24.21.0', today)).toMatchObject({ status: 'supported', endOfLife: '2028-04-30' });
    expect(nodeSupport('22.12.0', today)).toMatchObject({ status: 'supported', endOfLife: '2027-04-30' });
    expect(nodeSupport('v24.21.0', today).line).toBe('Node.js 24.21.0 (supported LTS until 2028-04-30)');
  });

  it('warns on an odd release line past its six months (25 ended on 2026-06-01)', () => {
    expect(nodeSupport('v25.2.1', today)).toMatchObject({ status: 'end-of-life', endOfLife: '2026-06-01' });
  });

  it('notes a line the project is not tested on, without calling it end of life', () => {
    const support = nodeSupport('v26.1.0', today);
    expect(support.status).toBe('untested');
    expect(support.line).toContain('not a release the project is tested on');
    expect(nodeSupport('v99.0.0', today)).toMatchObject({ status: 'untested', endOfLife: null });
  });
});
