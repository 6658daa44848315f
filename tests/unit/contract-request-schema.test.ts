// The contract's request schema on its own, as the console form runs it in the browser: the rule
// that needs digests (one form per address) holds there too, without the engine's parser.
import { describe, expect, it } from 'vitest';
import { multiFieldReqSchema, verifyRequestSchema } from '@/lib/contract/schemas/request';

// Digests of test@example.com (as request-parse.test.ts uses them).
const MD5 = '55502f40dc8b7c769880b10874abc9d0';
const SHA1 = '567159d622ffbb50b11b0efd307be358624a26ee';
const SHA256 = '973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b';

const issuesOf = (body: unknown) => {
  const result = verifyRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues;
};

describe('the request schema without the parser', () => {
  it.each([
    ['md5', MD5],
    ['sha1', SHA1],
    ['sha256', SHA256.toUpperCase()],
  ])('flags the %s hash of an address sent in cleartext (MIXED_EMAIL_FORMS)', (form, digest) => {
    const issues = issuesOf({ emails: [' Test@EXAMPLE.com', digest] });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toEqual(['emails', '1']);
    expect(issues[0]?.message).toBe(
      `is the ${form} hash of the address sent in cleartext at emails.0; send each address in one form only`,
    );
    expect(issues[0]?.code === 'custom' && issues[0].params?.code).toBe('MIXED_EMAIL_FORMS');
  });

  it('accepts the hash of another address beside a cleartext one', () => {
    expect(issuesOf({ email: 'other@example.com', emails: [MD5, SHA1] })).toEqual([]);
  });

  it('counts the same address however it was typed once towards the limit of 20', () => {
    const emails = Array.from({ length: 20 }, (_, i) => `user${i}@example.com`);
    expect(multiFieldReqSchema.safeParse({ emails: [...emails, 'USER0@EXAMPLE.COM '] }).success).toBe(true);
    const over = multiFieldReqSchema.safeParse({ emails: [...emails, 'user20@example.com'] });
    expect(over.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['emails']);
  });
});
