import { join } from 'node:path';
import { LoginPage } from './pages/login-page.ts';
import { demo, expect, test } from './support/fixtures.ts';
import { collectHydrationErrors } from './support/hydration.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shotDir = join(repoRoot, 'test-results', 'site-shots');

const PAGES = [
  { path: '/home', title: '首页 - AI获客矩阵', text: '矩阵批量发布' },
  { path: '/download', title: 'APP下载 - AI获客矩阵', text: '下载AI获客矩阵客户端' },
  { path: '/agentCenter', title: '代理中心 - AI获客矩阵', text: '代理商计划' },
  // Pages with content calls arrive with their content (the server renders them on the answers).
  { path: '/changeLog', title: '更新日志 - AI获客矩阵', text: '的每一次更新', content: 'v0.10.0' },
  { path: '/subscribe', title: '价格 - AI获客矩阵', text: '选择适合你的版本', content: '旗舰版' },
  { path: '/live', title: '直播 - AI获客矩阵', text: '每周直播答疑', content: '每周答疑：矩阵账号怎么起号' },
  { path: '/productDetail', title: '产品详情 - AI获客矩阵', text: '产品详情', content: '8 种 AI 剪辑模式' },
  { path: '/userCourseCenter', title: '流量学院 - AI获客矩阵', text: '流量学院', content: '四步上手 AI获客矩阵' },
  // A course by `?id=`: the server renders the page on that course.
  {
    path: '/courseCenter?id=getting-started',
    title: '课程中心 - AI获客矩阵',
    text: '课程中心',
    content: '添加矩阵账号',
  },
  { path: '/protocol', title: '用户协议 - AI获客矩阵', text: '用户协议与隐私政策', content: '一、协议的范围' },
  // The sign-in forms arrive drawn (their button waits for the code: no native submit).
  { path: '/homeLogin', title: '登录 - AI获客矩阵', text: '账号登录', field: '请输入密码' },
  { path: '/register', title: '注册 - AI获客矩阵', text: '注册账号', field: '确认密码' },
];

// Every test here fails on a hydration error the page reports, whatever else it checks.
let hydrationErrors: string[] = [];
test.beforeEach(({ page }) => {
  hydrationErrors = collectHydrationErrors(page);
});
test.afterEach(() => {
  expect(hydrationErrors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('public pages arrive as HTML with their title, description and styles', async ({ page }) => {
    for (const { path, title, text, content, field } of PAGES) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /.{20,}/);
      await expect(page.getByText(text).first()).toBeVisible();
      if (content) {
        await expect(page.getByText(content).first()).toBeVisible();
        await expect(page.getByText('加载中…')).toHaveCount(0);
      }
      if (field) {
        await expect(page.getByPlaceholder(field)).toBeVisible();
        await expect(page.locator('form button[type=submit]')).toBeDisabled();
      }
      await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
      // The page's stylesheet is there before any script: the header is laid out, not a bare list.
      const header = await page.locator('header').first().boundingBox();
      expect(header?.height ?? 0).toBeLessThan(120);
      // Inlined: the first paint waits for no stylesheet request (the files' links stay, disabled).
      await expect(page.locator('link[rel=stylesheet]:not([disabled])')).toHaveCount(0);
      expect(await page.locator('head style').count()).toBeGreaterThan(0);
    }
    await page.goto('/download');
    await page.screenshot({ path: join(shotDir, 'prerendered-download-nojs.png'), fullPage: true });
    await page.goto('/subscribe');
    await page.screenshot({ path: join(shotDir, 'prerendered-subscribe-nojs.png'), fullPage: true });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      for (const [path, name] of [
        ['/homeLogin', 'homeLogin'],
        ['/register', 'register'],
        ['/courseCenter?id=getting-started', 'course'],
      ] as const) {
        await page.goto(path);
        await page.screenshot({ path: join(shotDir, `prerendered-${name}-nojs-${width}.png`), fullPage: true });
      }
    }
  });
});

test.describe('the console’s bare sign-in page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/login arrives drawn, with its own styles and no site header', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('登录 - AI获客矩阵');
    await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /.{20,}/);
    await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    await expect(page.getByTestId('login-brand')).toHaveText('AI获客矩阵');
    await expect(page.getByPlaceholder('请输入密码')).toBeVisible();
    await expect(page.locator('form button[type=submit]')).toBeDisabled();
    await expect(page.getByRole('navigation', { name: '主导航' })).toHaveCount(0);
    await expect(page.locator('link[rel=stylesheet]:not([disabled])')).toHaveCount(0);
    expect(await page.locator('head style').count()).toBeGreaterThan(0);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.goto('/login');
      // One brand at each width: the panel beside the form on a wide screen, a line above it on a phone.
      const [shown, hidden] =
        width > 800 ? ['login-brand', 'login-brand-compact'] : ['login-brand-compact', 'login-brand'];
      await expect(page.getByTestId(shown)).toBeVisible();
      await expect(page.getByTestId(shown)).toHaveText('AI获客矩阵');
      await expect(page.getByTestId(hidden)).toBeHidden();
      // Each mark paints its own gradient: with one id for all, the hidden panel's made the shown one blank.
      const gradients = await page.locator('svg linearGradient').evaluateAll((nodes) => nodes.map((node) => node.id));
      expect(new Set(gradients).size).toBe(gradients.length);
      await page.screenshot({ path: join(shotDir, `prerendered-login-nojs-${width}.png`), fullPage: true });
    }
  });
});

test.describe('the console’s shell without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a console URL paints its boot frame with the HTML alone: no stylesheet to wait for', async ({ page }) => {
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') {
        stylesheets.push(new URL(request.url()).pathname);
      }
    });
    await page.goto('/dashboard');
    await expect(page.locator('[data-console-frame]')).toBeVisible();
    // The entry's stylesheet is inlined (its link stays, disabled): on slow 4G a linked one held the first
    // paint for a round trip behind the module preloads (issue 25).
    await expect(page.locator('link[rel=stylesheet]:not([disabled])')).toHaveCount(0);
    await expect(page.locator('link[rel=stylesheet][disabled]')).toHaveCount(1);
    expect(stylesheets).toEqual([]);
  });
});

test('/login hydrates without a mismatch and signs a member in', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('/login');
  await expect(login.submit).toBeEnabled();
  await login.signIn(demo.account, demo.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the browser hydrates a pre-rendered page without a mismatch and it works as an app', async ({ page }) => {
  await page.goto('/download');
  await expect(page.getByRole('heading', { name: '下载AI获客矩阵客户端' })).toBeVisible();
  // Hydrated: client navigation answers (no full page load), and React reported no mismatch.
  await expect(async () => {
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' }).click();
    await expect(page).toHaveURL(/\/home$/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('矩阵批量发布').first()).toBeVisible();
});

test('a page rendered on its content hydrates on the answers it carries, without asking again', async ({ page }) => {
  const contentCalls: string[] = [];
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/content\.(ChangeLog|Pricing)\//.test(request.url())) {
      contentCalls.push(request.url());
    }
    if (request.resourceType() === 'stylesheet') {
      stylesheets.push(new URL(request.url()).pathname);
    }
  });
  await page.goto('/changeLog');
  await expect(page.getByTestId('changelog-entry').first()).toBeVisible();
  const inlined = await page
    .locator('link[rel=stylesheet][disabled]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(inlined.length).toBeGreaterThan(1);
  // Hydrated: a client navigation to the pricing page, whose answer this page did not carry, asks for it.
  await expect(async () => {
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '价格' }).click();
    await expect(page).toHaveURL(/\/subscribe$/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('level-card')).toHaveCount(3);
  expect(contentCalls.map((url) => new URL(url).pathname)).toEqual(['/api/content.Pricing/levels']);
  // Hydrating and navigating fetched none of the stylesheets the page carried inline.
  expect(stylesheets.filter((path) => inlined.includes(path))).toEqual([]);
});

test('a member’s pre-rendered page hydrates as the visitor’s, then shows the member and their level', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.ApiToken).toBeTruthy();
  const pricing = page.waitForResponse((r) => r.url().includes('/api/content.Pricing/levels'));
  await page.goto('/subscribe');
  // The HTML is the visitor's (no level is the member's); after hydrating, the member's own answer.
  await pricing;
  await expect(page.getByTestId('level-card').filter({ hasText: '当前等级' })).toHaveCount(1);
  await expect(page.getByTestId('site-user')).toBeVisible();
  await expect(page.getByRole('link', { name: '登录后升级' })).toHaveCount(0);
});
