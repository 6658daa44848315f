import 'server-only';
import { DrizzleAdapter } from '@auth/drizzle-adapter';
import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { db } from '@/lib/db/client';
import { authAccounts, authSessions, authVerificationTokens, users } from '@/lib/db/schema';
import { requestClientAddress } from '@/lib/net/peer-address';
import { startConsoleSession } from '@/lib/services/console-sessions';
import { findMembership, listMemberships, verifyCredentials } from '@/lib/services/console-users';
import { forgiveSignIn, recordSignInFailure, signInThrottle } from '@/lib/services/sign-in-attempts';
import { baseAuthConfig, jwtFromSignIn } from './config';
import { throttledCode } from './sign-in-throttle';

/** Signed in correctly, but no workspace to sign in to. */
class NoWorkspace extends CredentialsSignin {
  override code = 'no_workspace';
}

/** Too many failures for this e-mail and client, this client or this e-mail; the code carries the minutes to wait. */
class Throttled extends CredentialsSignin {
  constructor(retryAfterSeconds: number) {
    super();
    this.code = throttledCode(retryAfterSeconds);
  }
}

const credentialsInput = z.object({
  email: z.string().trim().min(3).max(320),
  password: z.string().min(1).max(1024),
});

async function authorize(raw: Partial<Record<string, unknown>>, request: Request) {
  const parsed = credentialsInput.safeParse(raw);
  if (!parsed.success) return null;
  // Throttled before any password hashing, and alike whether the account exists or not.
  const source = { email: parsed.data.email, ip: requestClientAddress(request.headers) };
  const throttle = await signInThrottle(db(), source);
  if (!throttle.allowed) throw new Throttled(throttle.retryAfterSeconds);
  const attemptAt = await recordSignInFailure(db(), source);
  const user = await verifyCredentials(db(), parsed.data.email, parsed.data.password);
  if (!user) return null;
  await forgiveSignIn(db(), source, attemptAt);
  // The first workspace is the active one; the header's switcher changes it.
  const [first] = await listMemberships(db(), user.id);
  if (!first) throw new NoWorkspace();
  const sessionId = await startConsoleSession(db(), {
    userId: user.id,
    userAgent: request.headers.get('user-agent'),
    ipAddress: source.ip,
  });
  return {
    sessionId,
    id: user.id,
    email: user.email,
    name: user.name,
    workspaceId: first.workspaceId,
    role: first.role,
  };
}

type JwtCallback = NonNullable<NonNullable<NextAuthConfig['callbacks']>['jwt']>;

/** Switching workspace (session update) is honoured only for a workspace the user belongs to. */
const jwt: JwtCallback = async (params) => {
  const { token, trigger, session } = params;
  if (trigger === 'update' && typeof token.sub === 'string') {
    const requested: unknown = (session as { workspaceId?: unknown } | undefined)?.workspaceId;
    if (typeof requested === 'string') {
      const membership = await findMembership(db(), token.sub, requested);
      if (membership) {
        token.workspaceId = requested;
        token.role = membership.role;
      }
    }
    return token;
  }
  return jwtFromSignIn(params);
};

let config: NextAuthConfig | undefined;

function fullConfig(): NextAuthConfig {
  if (config) return config;
  const base = baseAuthConfig();
  config = {
    ...base,
    // Password sign-in keeps sessions in the JWT; the adapter tables are there for providers
    // that need them (OAuth, e-mail links), so adding one later needs no migration.
    adapter: DrizzleAdapter(db(), {
      usersTable: users,
      accountsTable: authAccounts,
      sessionsTable: authSessions,
      verificationTokensTable: authVerificationTokens,
    }),
    providers: [
      Credentials({
        credentials: {
          email: { type: 'email', label: 'Email' },
          password: { type: 'password', label: 'Password' },
        },
        authorize,
      }),
    ],
    callbacks: { ...base.callbacks, jwt },
  };
  return config;
}

// Lazy: the configuration (secret, database) is built on the first request, never at build time.
export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(() => fullConfig());
