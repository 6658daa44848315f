// The email domains of privacy relay services: each forwards to a mailbox it keeps hidden, so the
// address is a per-site alias with a local part the service (or the user, per site) makes up.
// A relay alias is a privacy choice, not a throwaway inbox: EMAIL_TYPE answers PRIVACY_RELAY.
// Each group is named as the service's own documentation names it, and holds the domains that
// documentation offers every user (plus simplelogin.co, SimpleLogin's first alias domain, whose
// addresses are still in use). A look-alike or parent (appleid.com) is not a relay.

/**
 * Domains whose addresses are relay aliases. A subdomain of one counts too (email-domain.ts):
 * Firefox Relay and addy.io hand each user a subdomain of theirs.
 */
export const PRIVACY_RELAY_DOMAINS: ReadonlySet<string> = new Set([
  // Apple "Hide My Email" (Sign in with Apple / iCloud+): addresses @privaterelay.appleid.com.
  'privaterelay.appleid.com',
  // Mozilla "Firefox Relay" email masks: @mozmail.com, and @<subdomain>.mozmail.com for premium.
  'mozmail.com',
  // DuckDuckGo "Email Protection": the personal @duck.com address and its private duck addresses.
  'duck.com',
  // SimpleLogin (by Proton) "alias domains" offered to every user, and Proton Pass's aliases
  // (Proton Pass creates them through SimpleLogin on the same public domains).
  'simplelogin.com',
  'simplelogin.co',
  'simplelogin.fr',
  'aleeas.com',
  'slmail.me',
  'slmails.com',
  'silomails.com',
  '8alias.com',
  '8shield.net',
  'dralias.com',
  'passinbox.com',
  'passfwd.com',
  'passmail.com',
  'passmail.net',
  // addy.io (formerly AnonAddy) "shared domains" and per-user "username subdomains"
  // (alias@username.anonaddy.com, alias@username.addy.io).
  'addy.io',
  'anonaddy.com',
  'anonaddy.me',
]);
