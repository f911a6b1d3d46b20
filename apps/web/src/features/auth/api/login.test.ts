import { loginBody } from '@vidmatrix/contract/api/auth';
import { describe, expect, it } from 'vitest';
import { loginPayload } from './login.ts';

describe('loginPayload', () => {
  it('is accepted by the server’s login schema as it is, with every SPEC §3 field and the web platform', () => {
    const sent = loginPayload({ account: 'demo', password: 'secret-123' });
    const parsed = loginBody.safeParse(sent);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ account: 'demo', platform: 'web' });
    expect(Object.keys(sent).sort()).toEqual(Object.keys(loginBody.shape).sort());
  });
});
