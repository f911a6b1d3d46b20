import { describe, expect, it } from 'vitest';
import { accountName, password } from '../api/auth.ts';
import { isAccountName, isPasswordLength } from './credentials.ts';

describe('isAccountName', () => {
  it.each([
    ['demo', true],
    ['  demo_01  ', true],
    ['abc', false],
    ['a'.repeat(32), true],
    ['a'.repeat(33), false],
    ['张三丰丰', false],
    ['de mo', false],
    ['demo-1', false],
  ])('%j → %s, as the server schema decides', (value, ok) => {
    expect(isAccountName(value)).toBe(ok);
    expect(accountName.safeParse(value).success).toBe(ok);
  });
});

describe('isPasswordLength', () => {
  it.each([
    ['12345', false],
    ['123456', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
  ])('%j → %s, as the server schema decides', (value, ok) => {
    expect(isPasswordLength(value)).toBe(ok);
    expect(password.safeParse(value).success).toBe(ok);
  });
});
