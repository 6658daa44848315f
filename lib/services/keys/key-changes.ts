/**
 * The channel the api_keys and workspaces triggers notify on every change that matters to
 * authentication (migration 0016): revocation, rotation, expiry, scopes, rates, trial quota.
 */
export const KEY_CHANGES_CHANNEL = 'verity_key_changes';
