// The role list package ships no types; it exports an array of lowercase local parts.
declare module 'role-based-email-addresses' {
  const roles: readonly string[];
  export default roles;
}
