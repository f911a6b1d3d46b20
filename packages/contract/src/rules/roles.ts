/** True when the user's roles include any of `wanted` (SPEC §6); an empty `wanted` yields false. */
export function hasAnyRole(userRoles: readonly (string | number)[], wanted: readonly (string | number)[]): boolean {
  if (wanted.length === 0) {
    return false;
  }
  const held = new Set(userRoles.map(String));
  return wanted.some((role) => held.has(String(role)));
}

/** True when member info carries usable roles: login fails otherwise (SPEC §4, §6). */
export function hasRoles(roleIds: readonly unknown[] | null | undefined): boolean {
  return Array.isArray(roleIds) && roleIds.length > 0;
}
