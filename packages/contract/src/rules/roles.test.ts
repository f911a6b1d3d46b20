import { describe, expect, it } from 'vitest';
import { hasAnyRole, hasRoles } from './roles.ts';

describe('hasAnyRole', () => {
  it('an empty wanted list yields false', () => {
    expect(hasAnyRole([1, 2], [])).toBe(false);
  });
  it('matches any one role, numbers and strings alike', () => {
    expect(hasAnyRole([1, 2], [3, 2])).toBe(true);
    expect(hasAnyRole(['1'], [1])).toBe(true);
  });
  it('no overlap yields false', () => {
    expect(hasAnyRole([1], [2])).toBe(false);
    expect(hasAnyRole([], [2])).toBe(false);
  });
});

describe('hasRoles', () => {
  it('is false for missing or empty role_ids', () => {
    expect(hasRoles(undefined)).toBe(false);
    expect(hasRoles(null)).toBe(false);
    expect(hasRoles([])).toBe(false);
  });
  it('is true for a non-empty list', () => {
    expect(hasRoles([1])).toBe(true);
  });
});
