import type { APIRequestContext } from '@playwright/test';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import type { AgreementStatus } from '@vidmatrix/contract/api/content';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';

async function envelope<T>(response: Response): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) {
    throw new Error(`${response.url}: ${body.code} ${body.msg}`);
  }
  return body.data;
}

/** Agrees to the current user agreement for a member with a token, through the API. */
export async function agreeWithToken(baseURL: string, token: string): Promise<void> {
  const headers = { [TOKEN_HEADER]: token, 'content-type': 'application/json' };
  const status = await envelope<AgreementStatus>(
    await fetch(new URL('/api/content.Agreement/status', baseURL), { headers }),
  );
  if (!status.agreed) {
    await envelope(
      await fetch(new URL('/api/content.Agreement/agree', baseURL), {
        method: 'POST',
        headers,
        body: JSON.stringify({ version: status.version }),
      }),
    );
  }
}

/** Signs a member in through the API and agrees to the current user agreement for them. */
export async function agreeToPolicy(baseURL: string, account: string, password: string): Promise<void> {
  const login = await envelope<LoginResult>(
    await fetch(new URL('/api/member.Login/login', baseURL), {
      method: 'POST',
      // Its own address, so the login counters of the specs never see this sign-in.
      headers: { 'content-type': 'application/json', 'X-Forwarded-For': '10.254.254.1' },
      body: JSON.stringify({ account, password }),
    }),
  );
  await agreeWithToken(baseURL, login.ApiToken);
}

/** Agrees to the current user agreement through a Playwright request context (its baseURL). */
export async function agreeWithRequest(request: APIRequestContext, token: string): Promise<void> {
  const headers = { [TOKEN_HEADER]: token };
  const status = (await (
    await request.get('/api/content.Agreement/status', { headers })
  ).json()) as Envelope<AgreementStatus>;
  if (status.code !== 200) {
    throw new Error(`agreement status: ${status.msg}`);
  }
  if (!status.data.agreed) {
    const agreed = (await (
      await request.post('/api/content.Agreement/agree', { headers, data: { version: status.data.version } })
    ).json()) as Envelope<AgreementStatus>;
    if (agreed.code !== 200) {
      throw new Error(`agree: ${agreed.msg}`);
    }
  }
}
