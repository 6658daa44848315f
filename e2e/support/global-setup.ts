// Starts the real product once for the whole e2e run and hands its address and the printed
// console credentials to the specs through the environment (Playwright's documented channel).
// Email domains resolve against a real DNS server on loopback, as in the contract tests.
import { launchServer } from '../../scripts/support/launch-server';
import { startDnsServer } from '../../tests/support/dns-server';
import { MAIL_ZONE } from '../../tests/support/mail-zone';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dns = await startDnsServer(MAIL_ZONE);
  const server = await launchServer({ logLevel: 'warn', env: { DNS_SERVERS: dns.address } });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DEMO_KEY = server.demoKey;
  process.env.E2E_ADMIN_EMAIL = server.adminEmail;
  process.env.E2E_ADMIN_PASSWORD = server.adminPassword;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_CLI_ENV = JSON.stringify(server.cliEnv);
  process.env.E2E_APP_DATABASE_URL = server.appUrl;
  return async () => {
    await server.stop();
    await dns.close();
  };
}
