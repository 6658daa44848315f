import { Card } from '@/components/ui/card';
import type { SsoSettings } from '@/lib/config/sso';
import styles from './sso-status.module.css';

/**
 * Single sign-on as the installation is configured (the OIDC_* variables, set by the operator,
 * not in the console): who may come in through which provider, and where a first sign-in lands.
 */
/** What the card shows: never the client secret. */
export type SsoStatus = Pick<
  SsoSettings,
  'issuer' | 'allowedDomains' | 'workspace' | 'role' | 'name' | 'only'
>;

export function SsoStatusCard({ settings }: { settings: SsoStatus | null }) {
  return (
    <Card
      title="Single sign-on"
      labelledBy="sso-heading"
      description="Signing in through your organisation's identity provider (OpenID Connect). The operator sets it with the OIDC_* variables; see docs/configuration.md in the repository."
    >
      {settings ? (
        <dl className={styles.facts}>
          <dt>Provider</dt>
          <dd>
            {settings.name} (<code>{settings.issuer}</code>)
          </dd>
          <dt>Who may use it</dt>
          <dd>People with an e-mail at {settings.allowedDomains.join(', ')}</dd>
          <dt>A first sign-in</dt>
          <dd>
            Joins {settings.workspace ? `the ${settings.workspace} workspace` : 'the oldest workspace'} as{' '}
            {settings.role === 'admin' ? 'an admin' : 'an analyst'}, with no console password
          </dd>
          <dt>Passwords</dt>
          <dd>
            {settings.only
              ? 'Refused for these domains: they sign in only through the provider'
              : 'Still accepted beside single sign-on'}
          </dd>
        </dl>
      ) : (
        <p className="muted">Off: members sign in with their console password.</p>
      )}
    </Card>
  );
}
