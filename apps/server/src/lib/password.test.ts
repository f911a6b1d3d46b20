import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, randomPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
  });

  it('refuses malformed hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', 'bcrypt$x$y', 'scrypt$16384$8$1$salt']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('has a dummy hash that is valid and matches nothing typed', async () => {
    const dummy = await dummyPasswordHash();
    expect(dummy.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('password', dummy)).toBe(false);
  });

  it('generates typeable random passwords', () => {
    const pw = randomPassword();
    expect(pw).toHaveLength(16);
    expect(pw).toMatch(/^[a-zA-Z2-9]+$/);
    expect(pw).not.toBe(randomPassword());
  });
});
