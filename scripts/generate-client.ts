// `npm run client:generate`: writes packages/client/src/schema.d.ts, the types of the typed client,
// from the operation registry. Run it after adding or changing an operation.
import { writeFileSync } from 'node:fs';
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from './client-schema';

const source = await clientSchemaSource();
writeFileSync(CLIENT_SCHEMA_FILE, source);
process.stdout.write(
  `client:generate: wrote packages/client/src/schema.d.ts (${source.split('\n').length} lines)\n`,
);
