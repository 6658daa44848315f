// Starts the real product once for the whole e2e run and hands its address and the printed
// console credentials to the specs through the environment (Playwright's documented channel).
import { launchServer } from '../../scripts/support/launch-server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await launchServer({ logLevel: 'warn' });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DEMO_KEY = server.demoKey;
  process.env.E2E_ADMIN_EMAIL = server.adminEmail;
  process.env.E2E_ADMIN_PASSWORD = server.adminPassword;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
