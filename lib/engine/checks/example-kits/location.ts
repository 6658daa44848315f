// The Location examples' shared requests and contexts (lib/engine/checks/defs/location-*.ts).

export const BEVERLY_HILLS = {
  addressLine1: '9336 Civic Center Dr',
  city: 'Beverly Hills',
  regionCode: 'CA',
  postalCode: '90210',
  countryCode: 'US',
} as const;

export const ZIP_DATA = 'The zipcodes data places ZIP 90210 in Beverly Hills, CA.';
