/**
 * Client versions (SPEC §7 versionInfo): a release's version name is semver, and its version_code is
 * derived from it, the one way the seed, the operator's release command, the server's check and the
 * desktop shell all count: 1.2.3 → 10203 (minor and patch below 100).
 */

/** A release's version name: 1.2.0, optionally with a pre-release or build tail. */
const VERSION_NAME_PATTERN = /^(\d+)\.(\d+)\.(\d+)([-+][\w.]+)?$/;

/** Largest minor or patch number the code has room for. */
export const VERSION_PART_MAX = 99;

/** True for a version name a release may carry: semver whose minor and patch fit its code. */
export function isVersionName(name: string): boolean {
  const match = VERSION_NAME_PATTERN.exec(name);
  return Boolean(match) && Number(match?.[2]) <= VERSION_PART_MAX && Number(match?.[3]) <= VERSION_PART_MAX;
}

/** The numeric version_code of a version name (a leading v is allowed): 1.2.3 → 10203. */
export function versionCodeOf(versionName: string): number {
  const [major = 0, minor = 0, patch = 0] = versionName
    .trim()
    .replace(/^v/i, '')
    .split(/[.+-]/)
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
  return major * 10_000 + minor * 100 + patch;
}
