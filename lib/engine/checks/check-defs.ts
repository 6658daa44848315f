// Every check definition, in catalog order (package, then id): the catalog, the sources and the
// examples of docs/checks.md are derived from this list.
import { breachedIdentityCompromised } from './defs/breached-identity-compromised';
import { digitalExcessiveConnectivity } from './defs/digital-excessive-connectivity';
import { digitalNoDigitalFootprint } from './defs/digital-no-digital-footprint';
import { digitalNoSocialNetworkProfiles } from './defs/digital-no-social-network-profiles';
import { digitalSocialAge } from './defs/digital-social-age';
import { digitalSocialNetworkAvgAge } from './defs/digital-social-network-avg-age';
import { digitalSocialNetworkNonUs } from './defs/digital-social-network-non-us';

export const CHECK_DEFS = [
  breachedIdentityCompromised,
  digitalExcessiveConnectivity,
  digitalNoDigitalFootprint,
  digitalNoSocialNetworkProfiles,
  digitalSocialAge,
  digitalSocialNetworkAvgAge,
  digitalSocialNetworkNonUs,
] as const;
