// The role list package ships no types; it exports an array of lowercase local parts.
declare module 'role-based-email-addresses' {
  const roles: readonly string[];
  export default roles;
}

// tr46 (the WHATWG URL standard's UTS 46 implementation) ships no types; the two calls used.
declare module 'tr46' {
  interface Tr46Options {
    checkHyphens?: boolean;
    checkBidi?: boolean;
    checkJoiners?: boolean;
    useSTD3ASCIIRules?: boolean;
    verifyDNSLength?: boolean;
    transitionalProcessing?: boolean;
    ignoreInvalidPunycode?: boolean;
  }
  export function toASCII(domainName: string, options?: Tr46Options): string | null;
  export function toUnicode(domainName: string, options?: Tr46Options): { domain: string; error: boolean };
}
