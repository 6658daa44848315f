// The syntax of ipAddress, a wire rule: the request schema checks it, the engine normalises by it.
import ipaddr from 'ipaddr.js';

/**
 * Strict syntax: dotted-quad IPv4 (no octal, hex or shortened forms, which ipaddr.js would also
 * accept) or IPv6 without a zone index (a zone is local to one host, never an end user's address).
 */
export function isValidIpAddress(text: string): boolean {
  const value = text.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) return true;
  return !value.includes('%') && ipaddr.IPv6.isValid(value);
}
