// A real OpenID Connect provider on loopback for the single sign-on tests (oidc-provider, the
// certified Node.js implementation), with its development login page: any login name signs in,
// and the account's claims follow from it. `unverified.…@domain` says email_verified: false;
// `nomail.…` shares no e-mail. The HTTP server listens first, so the issuer URL can go into the
// console's environment; the client (whose redirect URI names the console's port) is registered
// once the console is up.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The e-mail domain the tests' console lets sign in through the provider. */
export const SSO_DOMAIN = 'sso.example';

export const OIDC_CLIENT = { id: 'verity-console', secret: 'oidc-test-client-secret-0123456789' };

export interface OidcServer {
  issuer: string;
  /** Registers the console as a client, with its callback URL, and starts answering. */
  register(redirectUri: string): void;
  close(): Promise<void>;
}

function claimsOf(login: string) {
  const email = login.startsWith('nomail.') ? undefined : login;
  return {
    sub: login,
    ...(email ? { email, email_verified: !login.startsWith('unverified.') } : {}),
    name: login.split('@')[0]?.replace(/[._]/g, ' ') ?? login,
  };
}

export async function startOidcServer(): Promise<OidcServer> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) return handler(req, res);
    res.writeHead(503).end('the identity provider is not configured yet');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    register(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: OIDC_CLIENT.id,
            client_secret: OIDC_CLIENT.secret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        // The dev login page's login name is the account id; its claims follow from it.
        findAccount: (_ctx, id) => ({
          accountId: id,
          claims: () => claimsOf(id),
        }),
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        features: { devInteractions: { enabled: true } },
        cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
      });
      handler = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
