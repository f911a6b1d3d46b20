/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  captcha: (purpose: 'login' | 'register') => [...authKeys.all, 'captcha', purpose] as const,
};
