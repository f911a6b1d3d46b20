// Zod-free, so the pre-rendered public pages can name these calls without loading the schemas (their JS budget).

/** The sign-in calls (SPEC §7); changePassword is the signed-in member's. */
export const AuthApi = {
  captcha: '/api/member.Login/captcha',
  login: '/api/member.Login/login',
  logout: '/api/member.Logout/logout',
  register: '/api/member.Register/register',
  changePassword: '/api/member.Member/changePassword',
} as const;
