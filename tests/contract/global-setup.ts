// One real server for the whole contract suite: the `npm start` launcher (embedded PostgreSQL,
// migrations, demo data, `next start` of the production build) on a fresh DATA_DIR and port, and
// a fresh database of its own when the suite runs against an external PostgreSQL (DATABASE_URL).
import type { TestProject } from 'vitest/node';
import { type LaunchedServer, launchServer } from '../../scripts/support/launch-server';
import { startDnsServer, type TestDnsServer } from '../support/dns-server';
import { MAIL_ZONE } from '../support/mail-zone';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    demoKey: string;
    dataDir: string;
    /** The database's owner and application-role URLs (embedded or external). */
    ownerUrl: string;
    appUrl: string;
    /** DATA_DIR and the database variables a CLI needs to reach the server's database. */
    cliEnv: Record<string, string>;
    startupOutput: string;
  }
}

let server: LaunchedServer | undefined;
let dns: TestDnsServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Email domains resolve against a real DNS server on loopback (tests/support/mail-zone.ts).
  dns = await startDnsServer(MAIL_ZONE);
  // Webhook receivers of the tests listen on loopback, which deliveries refuse unless allowed.
  server = await launchServer({
    env: { DNS_SERVERS: dns.address, WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8,::1/128' },
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('demoKey', server.demoKey);
  project.provide('dataDir', server.dataDir);
  project.provide('ownerUrl', server.ownerUrl);
  project.provide('appUrl', server.appUrl);
  project.provide('cliEnv', server.cliEnv);
  project.provide('startupOutput', server.startupOutput);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await dns?.close();
}
