// Offline IP geolocation and US ZIP data. Stub until the data packages are wired in.
import type { GeoLookup, PostalLookup } from '@/lib/engine/geo/types';

export function geoLookup(): GeoLookup | null {
  return null;
}

export function postalLookup(): PostalLookup | null {
  return null;
}
