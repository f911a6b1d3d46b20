import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaptchaResult } from '@vidmatrix/contract/api/auth';
import { get } from '../../../lib/request.ts';
import { authKeys } from './auth-keys.ts';

/** GET /api/member.Login/captcha: a fresh image captcha (SVG markup). */
export function getCaptcha(signal?: AbortSignal): Promise<CaptchaResult> {
  return get<CaptchaResult>('/api/member.Login/captcha', undefined, { signal });
}

/** A captcha as a query; each image is used once, so it is never reused from cache. */
export function getCaptchaQueryOptions(purpose: 'login' | 'register') {
  return queryOptions({
    queryKey: authKeys.captcha(purpose),
    queryFn: ({ signal }) => getCaptcha(signal),
    staleTime: 0,
    gcTime: 0,
  });
}

/** The captcha image; `refetch` draws a new one. */
export function useCaptcha(purpose: 'login' | 'register', enabled: boolean) {
  return useQuery({ ...getCaptchaQueryOptions(purpose), enabled });
}
