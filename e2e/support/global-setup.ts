// Starts the real product once for the whole e2e run and hands its address and the printed
// console credentials to the specs through the environment (Playwright's documented channel).
// Email domains resolve against a real DNS server on loopback, as in the contract tests; single
// sign-on goes to a real OpenID Connect provider on loopback (tests/support/oidc-server.ts).
import { launchServer } from '../../scripts/support/launch-server';
import { startDnsServer } from '../../tests/support/dns-server';
import { MAIL_ZONE } from '../../tests/support/mail-zone';
import { OIDC_CLIENT, SSO_DOMAIN, startOidcServer } from '../../tests/support/oidc-server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dns = await startDnsServer(MAIL_ZONE);
  const oidc = await startOidcServer();
  const server = await launchServer({
    logLevel: 'warn',
    env: {
      DNS_SERVERS: dns.address,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      OIDC_ALLOWED_DOMAINS: SSO_DOMAIN,
      OIDC_NAME: 'Example ID',
      OIDC_ONLY: 'true',
      // Webhook receivers of the tests listen on loopback, which deliveries refuse unless allowed.
      WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8,::1/128',
    },
  });
  oidc.register(`${server.baseUrl}/api/auth/callback/oidc`);
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DEMO_KEY = server.demoKey;
  process.env.E2E_ADMIN_EMAIL = server.adminEmail;
  process.env.E2E_ADMIN_PASSWORD = server.adminPassword;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_CLI_ENV = JSON.stringify(server.cliEnv);
  process.env.E2E_APP_DATABASE_URL = server.appUrl;
  return async () => {
    await server.stop();
    await oidc.close();
    await dns.close();
  };
}
