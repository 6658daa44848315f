// The committed types of the typed client (packages/client/src/schema.d.ts) are what the
// generator makes of the current operation registry: a changed operation fails here until the
// client is regenerated.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from '@/scripts/client-schema';

describe('the typed client', () => {
  it('is generated from the current OpenAPI document', async () => {
    const committed = readFileSync(CLIENT_SCHEMA_FILE, 'utf8');
    const fresh = await clientSchemaSource();
    expect(
      committed === fresh,
      'packages/client/src/schema.d.ts is stale: run `npm run client:generate` and commit the result',
    ).toBe(true);
  }, 30_000);
});
