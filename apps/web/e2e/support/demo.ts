/** The member the e2e server seeds (DEMO_PASSWORD is set by playwright.config.ts). */
export const demo = {
  account: process.env.DEMO_ACCOUNT ?? 'demo',
  password: process.env.E2E_DEMO_PASSWORD ?? 'demo123456',
};
