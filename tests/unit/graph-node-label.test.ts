// Issue 31 item 6: the graph names places and people as they are written ("San Jose", not
// "San jose"), from the lowercase canonical keys it stores; and masks as the console does.
import { describe, expect, it } from 'vitest';
import { nodeLabel } from '@/lib/engine/graph/node-label';

const label = (kind: string, value: string) => nodeLabel({ kind, value, cleartext: null, ssnLastFour: null });

describe('graph node labels', () => {
  it('writes each word of a place with a capital, hyphens and apostrophes included', () => {
    expect(label('address', '1 main st||san jose|ca|95112|us')).toBe('San Jose, CA, US');
    expect(label('address', '9 elm st||north gerryfield|nh|03101|us')).toBe('North Gerryfield, NH, US');
    expect(label('address', '2 oak ave||winston-salem|nc|27101|us')).toBe('Winston-Salem, NC, US');
    expect(label('address', "5 pine rd||o'fallon|mo|63366|us")).toBe("O'Fallon, MO, US");
  });

  it('shows a name as its given initial and its family name, written as names are', () => {
    expect(label('name', 'mary|ann|smith-jones')).toBe('M. Smith-Jones');
    expect(label('name', "sean||o'brien")).toBe("S. O'Brien");
    expect(label('name', 'ana||de la cruz')).toBe('A. De La Cruz');
  });

  it('never shows a full phone or SSN', () => {
    expect(label('phone', '+14155550123')).not.toContain('5550123');
    expect(label('ssn', 'a'.repeat(64))).toBe('***-**-****');
  });
});
