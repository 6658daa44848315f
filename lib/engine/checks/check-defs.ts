// Every check definition, in catalog order (package by package): the catalog, the sources and the
// examples of docs/checks.md are derived from this list.
import { breachedIdentityCompromised } from './defs/breached-identity-compromised';
import { digitalContactChange } from './defs/digital-contact-change';
import { digitalExcessiveConnectivity } from './defs/digital-excessive-connectivity';
import { digitalNoDigitalFootprint } from './defs/digital-no-digital-footprint';
import { digitalNoSocialNetworkProfiles } from './defs/digital-no-social-network-profiles';
import { digitalSocialAge } from './defs/digital-social-age';
import { digitalSocialNetworkAvgAge } from './defs/digital-social-network-avg-age';
import { digitalSocialNetworkNonUs } from './defs/digital-social-network-non-us';
import { emailDeliverability } from './defs/email-deliverability';
import { emailFirstSeen } from './defs/email-first-seen';
import { emailInvalid } from './defs/email-invalid';
import { emailLastSeen } from './defs/email-last-seen';
import { emailNeverSeen } from './defs/email-never-seen';
import { emailNoMxRecord } from './defs/email-no-mx-record';
import { emailType } from './defs/email-type';
import { emailUserPortion } from './defs/email-user-portion';
import { identityCaSanctionList } from './defs/identity-ca-sanction-list';
import { identityEuSanctionList } from './defs/identity-eu-sanction-list';
import { identityOfacList } from './defs/identity-ofac-list';
import { identityUkSanctionList } from './defs/identity-uk-sanction-list';
import { identityUnSanctionList } from './defs/identity-un-sanction-list';
import { ipGeolocationMismatch } from './defs/ip-geolocation-mismatch';
import { ipType } from './defs/ip-type';
import { locationAddressInvalid } from './defs/location-address-invalid';
import { locationAddressIsBusiness } from './defs/location-address-is-business';
import { locationCountryRisk } from './defs/location-country-risk';
import { phoneDnoText } from './defs/phone-dno-text';
import { phoneDnoVoice } from './defs/phone-dno-voice';
import { phoneFirstSeen } from './defs/phone-first-seen';
import { phoneFormatInvalid } from './defs/phone-format-invalid';
import { phoneLastSeen } from './defs/phone-last-seen';
import { phoneLocationMismatch } from './defs/phone-location-mismatch';
import { phonePort } from './defs/phone-port';
import { phonePrevType } from './defs/phone-prev-type';
import { phoneType } from './defs/phone-type';
import { syntheticAgeMismatch } from './defs/synthetic-age-mismatch';
import { syntheticEmailMismatch } from './defs/synthetic-email-mismatch';
import { syntheticNameAddressNoMatch } from './defs/synthetic-name-address-no-match';
import { syntheticSessionConflict } from './defs/synthetic-session-conflict';
import { syntheticSsnBeforeBirth } from './defs/synthetic-ssn-before-birth';
import { syntheticSsnInvalid } from './defs/synthetic-ssn-invalid';
import { syntheticSsnIssueDate } from './defs/synthetic-ssn-issue-date';
import { syntheticSsnShared } from './defs/synthetic-ssn-shared';
import { velocityAddress } from './defs/velocity-address';
import { velocityEmail } from './defs/velocity-email';
import { velocityIp } from './defs/velocity-ip';
import { velocityPhone } from './defs/velocity-phone';
import { velocitySsn } from './defs/velocity-ssn';
import { workspaceList } from './defs/workspace-list';

export const CHECK_DEFS = [
  breachedIdentityCompromised,
  digitalContactChange,
  digitalExcessiveConnectivity,
  digitalNoDigitalFootprint,
  digitalNoSocialNetworkProfiles,
  digitalSocialAge,
  digitalSocialNetworkAvgAge,
  digitalSocialNetworkNonUs,
  emailDeliverability,
  emailFirstSeen,
  emailInvalid,
  emailLastSeen,
  emailNeverSeen,
  emailNoMxRecord,
  emailType,
  emailUserPortion,
  identityCaSanctionList,
  identityEuSanctionList,
  identityOfacList,
  identityUkSanctionList,
  identityUnSanctionList,
  ipGeolocationMismatch,
  ipType,
  locationAddressInvalid,
  locationAddressIsBusiness,
  locationCountryRisk,
  phoneDnoText,
  phoneDnoVoice,
  phoneFirstSeen,
  phoneFormatInvalid,
  phoneLastSeen,
  phoneLocationMismatch,
  phonePort,
  phonePrevType,
  phoneType,
  syntheticAgeMismatch,
  syntheticEmailMismatch,
  syntheticNameAddressNoMatch,
  syntheticSsnInvalid,
  syntheticSsnShared,
  syntheticSsnIssueDate,
  syntheticSsnBeforeBirth,
  syntheticSessionConflict,
  velocityPhone,
  velocityIp,
  velocityAddress,
  velocitySsn,
  velocityEmail,
  workspaceList,
] as const;
