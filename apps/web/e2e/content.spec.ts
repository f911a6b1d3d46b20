import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureDir, makeVideo } from '@vidmatrix/fixtures';
import { Msg } from '@vidmatrix/contract/messages';
import { SiteMsg } from '@vidmatrix/contract/messages-site';
import { PRERENDER_DATA_ID } from '@vidmatrix/contract/prerender';
import { SitePage } from './pages/site-page.ts';
import { runAdmin } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { collectHydrationErrors } from './support/hydration.ts';
import { openInApp } from './support/in-app.ts';
import { signInNewMember } from './support/members.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shot = (name: string) => join(repoRoot, 'test-results', 'content-shots', `${name}.png`);

/** Every public page of the content module, with what shows that its content arrived. */
const PAGES = [
  { path: '/changeLog', name: 'changelog', heading: '更新日志', ready: 'v0.10.0' },
  { path: '/subscribe', name: 'subscribe', heading: '选择适合你的版本', ready: '旗舰版' },
  { path: '/live', name: 'live', heading: '直播', ready: '每周答疑：矩阵账号怎么起号' },
  { path: '/productDetail', name: 'product', heading: '产品详情', ready: '8 种 AI 剪辑模式' },
  { path: '/userCourseCenter', name: 'courses', heading: '流量学院', ready: '四步上手 AI获客矩阵' },
  { path: '/courseCenter?id=getting-started', name: 'course', heading: '课程中心', ready: '添加矩阵账号' },
  { path: '/protocol', name: 'protocol', heading: '用户协议与隐私政策', ready: '一、协议的范围' },
  { path: '/download', name: 'download', heading: '下载AI获客矩阵客户端', ready: '最新版本 v1.0.0' },
] as const;

// Public pages are pre-rendered: any test here fails when one reports a hydration error (a member's too).
let hydrationErrors: string[] = [];
test.beforeEach(({ page }) => {
  hydrationErrors = collectHydrationErrors(page);
});
test.afterEach(() => {
  expect(hydrationErrors).toEqual([]);
});

for (const width of [1440, 390]) {
  test.describe(`public content pages at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 844 } });

    for (const p of PAGES) {
      test(`${p.path} shows its content under the public header`, async ({ page }) => {
        const site = new SitePage(page);
        await site.open(p.path, p.heading);
        await expect(page.getByText(p.ready, { exact: false }).first()).toBeVisible();
        await expect(page.locator('footer')).toContainText('版权所有');
        await page.screenshot({ path: shot(`${p.name}-${width}`), fullPage: true });
      });
    }
  });
}

test('the footer shows the record numbers and licence of the site settings once set (SPEC §2.3)', async ({ page }) => {
  const records = {
    icp: '京ICP备20261128号-1',
    police_record: '京公网安备11010502061128号',
    telecom_licence: '京B2-20261128',
  };
  for (const [name, value] of Object.entries(records)) {
    runAdmin(['set-setting', name, value]);
  }
  try {
    await new SitePage(page).open('/download', '下载AI获客矩阵客户端');
    const footer = page.locator('footer');
    await expect(footer.getByTestId('footer-icp')).toHaveText(records.icp);
    await expect(footer.getByTestId('footer-icp')).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    await expect(footer.getByTestId('footer-police')).toHaveText(records.police_record);
    await expect(footer.getByTestId('footer-telecom')).toHaveText(`增值电信业务经营许可证：${records.telecom_licence}`);
    await footer.screenshot({ path: shot('footer-records') });
  } finally {
    for (const name of Object.keys(records)) {
      runAdmin(['set-setting', name, '']);
    }
  }
});

test('the course catalogue gives each course its length, and none to a course without videos yet', async ({ page }) => {
  await new SitePage(page).open('/userCourseCenter', '流量学院');
  const cards = page.getByTestId('course-card');
  await expect(cards.filter({ hasText: '四步上手 AI获客矩阵' })).toContainText('共 00:32');
  const unfilmed = cards.filter({ hasText: '矩阵账号运营方法' });
  await expect(unfilmed).toContainText('1 节');
  await expect(unfilmed).not.toContainText('共');
});

test('the change log lists the product’s versions newest first', async ({ page }) => {
  await new SitePage(page).open('/changeLog', '更新日志');
  const entries = page.getByTestId('changelog-entry');
  await expect(entries.filter({ hasText: 'v0.1.0' })).toContainText('基础功能上线');
  await expect(entries.filter({ hasText: 'v0.9.0' })).toContainText('批量发布与发布器');
});

test('a visitor sees the levels the server enforces and is asked to sign in to upgrade', async ({ page }) => {
  await new SitePage(page).open('/subscribe', '选择适合你的版本');
  const cards = page.getByTestId('level-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(1)).toContainText('可管理账号 50 个');
  await expect(cards.nth(1)).toContainText('50.0 GB');
  await expect(cards.nth(1)).toContainText('¥2,980');
  await expect(page.getByTestId('payment-notice')).toContainText(Msg.paymentUnavailable);
  await cards.nth(2).getByRole('link', { name: '登录后升级' }).click();
  await expect(page).toHaveURL(/\/homeLogin\?redirect=%2Fsubscribe$/);
});

test('a member sees their level and sends an upgrade request an operator lists', async ({ page, request }) => {
  const account = await signInNewMember(page, request, 'up');
  await page.goto('/subscribe');
  const cards = page.getByTestId('level-card');
  await expect(cards.nth(0)).toContainText('当前等级');
  await expect(cards.nth(0).getByRole('button', { name: '当前版本' })).toBeDisabled();
  await cards.nth(1).getByRole('button', { name: '申请升级' }).click();
  await expect(cards.nth(1)).toContainText(Msg.upgradeRequested);
  await expect(cards.nth(1).getByRole('button', { name: '已提交申请' })).toBeDisabled();
  await page.screenshot({ path: shot('subscribe-member-1440'), fullPage: true });
  expect(runAdmin(['upgrade', 'list'])).toContain(`${account} → 标准版`);
});

test('a course arrives rendered before JS, for a visitor and a member alike', async ({ page, request }) => {
  // The HTML of the navigation already holds the course: its title, chapters and where the player goes.
  const res = await request.get('/courseCenter?id=getting-started', { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(200);
  const body = await res.text();
  expect(body).toContain('<title>课程中心 - AI获客矩阵</title>');
  expect(body).toContain('四步上手 AI获客矩阵');
  expect(body).toContain('添加矩阵账号');
  expect(body).toContain('data-testid="course-player"');
  expect(body).not.toContain('加载中…');
  // The visitor's view: no members-only chapter's video is in the page's data (the page hydrates on it).
  const block = new RegExp(`id="${PRERENDER_DATA_ID}">(.*?)</script>`, 's').exec(body)?.[1];
  const { queries } = JSON.parse(block ?? '{}') as {
    queries: [[unknown[], { chapters: { members_only: boolean; video: string }[] }]];
  };
  const [[key, course]] = queries;
  expect(key).toEqual(['content', 'course', 'getting-started', false]);
  expect(course.chapters.filter((c) => c.members_only).length).toBeGreaterThan(0);
  for (const chapter of course.chapters.filter((c) => c.members_only)) {
    expect(chapter.video).toBe('');
  }

  // An unknown id: the page's own "not found" state, not a server error.
  const unknown = await request.get('/courseCenter?id=no-such-course', { headers: { accept: 'text/html' } });
  expect(unknown.status()).toBe(200);
  const toastCode: string[] = [];
  page.on('request', (r) => {
    if (/antd-feedback/.test(r.url())) {
      toastCode.push(r.url());
    }
  });
  await new SitePage(page).open('/courseCenter?id=no-such-course', '课程中心');
  await expect(page.getByRole('alert').filter({ hasText: '加载失败' })).toContainText(SiteMsg.courseNotFound);
  // Said once, on the page: no toast repeats it, nor loads antd for it (a toast's code is asked for before
  // the page draws the failure, so the request would have been seen once the network is idle).
  await page.waitForLoadState('networkidle');
  expect(toastCode).toEqual([]);

  // A member hydrates the visitor's render (no mismatch), then sees the members-only chapters as theirs.
  await signInNewMember(page, request, 'course');
  await page.goto('/courseCenter?id=getting-started');
  await expect(page.getByTestId('chapter').filter({ hasText: '上传素材' })).toContainText('会员');
});

test('a visitor plays a free course video; a members-only chapter asks to sign in', async ({ page }) => {
  await new SitePage(page).open('/courseCenter?id=getting-started', '课程中心');
  // The seeded videos are rendered by a job after the first start: wait for the player, not a time.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('course-player').locator('video')).toBeAttached({ timeout: 5_000 });
  }).toPass({ timeout: 120_000 });
  await page.getByTestId('course-player').locator('.xgplayer-start').click();
  await expect
    .poll(
      () =>
        page
          .getByTestId('course-player')
          .locator('video')
          .evaluate((v: HTMLVideoElement) => v.currentTime),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(0.5);
  await page.screenshot({ path: shot('course-playing-1440') });

  await page.getByTestId('chapter').filter({ hasText: '上传素材' }).click();
  await expect(page.getByTestId('chapter-locked')).toContainText(Msg.chapterSignIn);
  await page.getByRole('link', { name: '登录观看' }).click();
  await expect(page).toHaveURL(/\/homeLogin\?redirect=%2FcourseCenter%3Fid%3Dgetting-started$/);
});

test('the protocol page shows the versioned agreement and privacy policy', async ({ page }) => {
  await new SitePage(page).open('/protocol', '用户协议与隐私政策');
  await expect(page.getByTestId('protocol')).toContainText('版本 1.0');
  await page.getByRole('link', { name: '隐私政策' }).click();
  await expect(page).toHaveURL(/\/protocol\?tab=privacy$/);
  await expect(page.getByTestId('protocol')).toContainText('我们收集的信息');
});

test('an operator changes the change log, a course and the live schedule from Markdown files', async ({ page }) => {
  test.setTimeout(180_000);
  const site = new SitePage(page);
  await site.open('/live', '直播');
  await expect(page.getByTestId('live-session').first()).toBeVisible();
  // No session is live: the header's dot is not there.
  await expect(site.liveDot).toHaveCount(0);

  const tag = Date.now().toString(36);
  const dir = fixtureDir('vm-content-e2e-');
  const write = (rel: string, text: string) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  mkdirSync(join(dir, 'media', 'e2e'), { recursive: true });
  makeVideo(join(dir, 'media', 'e2e', `${tag}.mp4`), { width: 320, height: 180, seconds: 3 });
  const version = `9.${Number.parseInt(tag.slice(-4), 36)}.0`;
  write(
    `changelog/v${version}.md`,
    `---\ntitle: 运营发布的更新 ${tag}\nversion: ${version}\ndate: 2099-01-01\nclient: web\n---\n\n- 这条来自 Markdown 文件\n`,
  );
  write(
    `course/e2e-${tag}.md`,
    `---\ntitle: 运营新课 ${tag}\ncategory: growth\nsummary: 从文件导入\n---\n\n导入的课程。\n`,
  );
  write(
    `chapter/e2e-${tag}-1.md`,
    `---\ntitle: 导入的章节\ncourse: e2e-${tag}\nvideo: media/e2e/${tag}.mp4\nduration: 3\nmembers_only: false\n---\n\n一节免费课。\n`,
  );
  const now = Date.now();
  const liveDoc = (ends: number) =>
    `---\ntitle: 正在直播 ${tag}\nstarts_at: ${new Date(now - 3_600_000).toISOString()}\nends_at: ${new Date(ends).toISOString()}\nhost: 运营\n---\n\n直播测试。\n`;
  write(`live/e2e-${tag}.md`, liveDoc(now + 3_600_000));
  expect(runAdmin(['content', 'import', dir])).toMatch(/Imported 4 documents, 1 media files/);

  await site.open('/changeLog', '更新日志');
  await expect(page.getByTestId('changelog-entry').first()).toContainText(`运营发布的更新 ${tag}`);

  await site.open(`/courseCenter?id=e2e-${tag}`, '课程中心');
  await expect(page.getByText('导入的章节').first()).toBeVisible();
  await expect(page.getByTestId('course-player').locator('video')).toHaveAttribute(
    'src',
    /\/storage\/content\/media\/e2e\//,
  );

  await site.open('/live', '直播');
  await expect(page.locator('[data-testid="live-session"][data-state="live"]')).toContainText(`正在直播 ${tag}`);
  await expect(site.liveDot).toBeVisible();
  await page.screenshot({ path: shot('live-now-1440') });

  // The session ends (re-imported with a past end): the dot goes with it.
  write(`live/e2e-${tag}.md`, liveDoc(now - 60_000));
  runAdmin(['content', 'import', dir]);
  await page.reload();
  await expect(page.locator('[data-testid="live-session"][data-state="ended"]').filter({ hasText: tag })).toBeVisible();
  await expect(site.liveDot).toHaveCount(0);
});

test('the help centre finds articles and links to the screen each explains', async ({ page, signedIn }) => {
  expect(signedIn.ApiToken).toBeTruthy();
  await page.goto('/operate/Help');
  await expect(page.getByTestId('help-group').first()).toBeVisible();
  await page.getByRole('searchbox', { name: '搜索帮助' }).fill('授权');
  await page.getByRole('searchbox', { name: '搜索帮助' }).press('Enter');
  const article = page.getByTestId('help-article').filter({ hasText: '账号授权过期怎么办' });
  await expect(article).toBeVisible();
  await expect(page.getByTestId('help-article').filter({ hasText: '创建批量混剪任务' })).toHaveCount(0);
  await page.screenshot({ path: shot('help-1440'), fullPage: true });
  await article.getByRole('link', { name: /前往/ }).click();
  await expect(page).toHaveURL(/\/account\/index$/);
});

test('AI staff entries open the feature each presents under a short header', async ({ page, signedIn }) => {
  // Five console screens in a row, each loading its own code.
  test.setTimeout(180_000);
  expect(signedIn.ApiToken).toBeTruthy();
  const cases = [
    { path: '/ai/lead', name: 'AI获客员工', shows: '客户消息' },
    { path: '/ai/service', name: 'AI客服员工', shows: '客户线索' },
    { path: '/ai/operate', name: 'AI运营员工', shows: '账号管理' },
    { path: '/ai/data', name: 'AI数据员工', shows: '打开数据大屏' },
  ];
  for (const [index, c] of cases.entries()) {
    await (index === 0 ? page.goto(c.path) : openInApp(page, c.path));
    const header = page.getByTestId('ai-staff-header');
    await expect(header.getByRole('heading', { name: c.name })).toBeVisible();
    await expect(header.getByRole('link', { name: c.shows })).toBeVisible();
    if (c.path === '/ai/lead') {
      await expect(page.getByTestId('lead-table')).toBeVisible();
    }
    if (c.path === '/ai/service') {
      // The demo member has no AI customer service: the header says how to turn it on.
      await expect(page.getByTestId('ai-staff-note')).toContainText('AI客服未开通');
      await expect(page.getByTestId('ai-service-settings')).toBeVisible();
    }
    await page.screenshot({ path: shot(`ai-${c.path.slice(4)}-1440`) });
  }
  await page.getByTestId('ai-staff-header').getByRole('link', { name: '打开数据大屏' }).click();
  await expect(page).toHaveURL(/\/largeDataScreen$/);
});

test('a member turns on their AI customer service on /ai/service and its window opens', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInNewMember(page, request, 'aikf');
  await page.goto('/ai/service');
  const note = page.getByTestId('ai-staff-note');
  await expect(note).toContainText('AI客服未开通');
  await expect(page.getByTestId('ai-service-toggle')).toHaveCount(0);

  await note.getByRole('button', { name: 'AI客服设置' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI客服设置' });
  await dialog.getByRole('switch').click();
  await dialog.getByLabel('客服名称').fill('小矩客服');
  await dialog.getByLabel('客服链接').fill('http://kf.example.com/chat');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  // The contract's rule refuses a link the window could not embed, before anything is sent.
  await expect(dialog).toContainText(Msg.aiServiceLinkHttps);
  await page.screenshot({ path: shot('ai-service-settings-1440') });

  await dialog.getByLabel('客服链接').fill('https://kf.example.com/chat');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(note).toContainText('AI客服已开通：「小矩客服」');
  await page.getByTestId('ai-service-toggle').click();
  const window = page.getByTestId('ai-service-window');
  await expect(window).toContainText('小矩客服');
  await expect(window.locator('iframe')).toHaveAttribute('src', 'https://kf.example.com/chat');
  await page.screenshot({ path: shot('ai-service-on-1440') });

  // Off again: the window goes, the name and link stay for next time.
  await page.getByTestId('ai-service-toggle').click();
  await note.getByRole('button', { name: 'AI客服设置' }).click();
  await expect(dialog.getByLabel('客服名称')).toHaveValue('小矩客服');
  await dialog.getByRole('switch').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(note).toContainText('AI客服未开通');
  await expect(page.getByTestId('ai-service-toggle')).toHaveCount(0);
});

test('a member watches a members-only chapter on /userCourseDetail', async ({ page, signedIn }) => {
  expect(signedIn.ApiToken).toBeTruthy();
  await page.goto('/userCourseDetail?id=getting-started');
  await page.getByTestId('chapter').filter({ hasText: '剪辑并批量发布' }).click();
  await expect(page.getByTestId('chapter').filter({ hasText: '剪辑并批量发布' })).toContainText('会员');
  // The seeded videos are rendered by a job after the first start: wait for the player, not a time.
  await expect(async () => {
    await page.reload();
    await page.getByTestId('chapter').filter({ hasText: '剪辑并批量发布' }).click();
    await expect(page.getByTestId('course-player').locator('video')).toHaveAttribute('src', /start-4-publish\.mp4$/, {
      timeout: 5_000,
    });
  }).toPass({ timeout: 120_000 });
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.screenshot({ path: shot('user-course-detail-1440') });
});

test.describe('console content pages at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the help centre and an AI staff entry fit a phone', async ({ page, signedIn }) => {
    expect(signedIn.ApiToken).toBeTruthy();
    await page.goto('/operate/Help');
    await expect(page.getByTestId('help-article').first()).toBeVisible();
    await page.screenshot({ path: shot('help-390'), fullPage: true });
    await page.goto('/ai/lead');
    await expect(page.getByTestId('ai-staff-header').getByRole('heading', { name: 'AI获客员工' })).toBeVisible();
    // The leads page it presents, under the header.
    await expect(page.getByTestId('lead-table')).toBeVisible();
    await page.screenshot({ path: shot('ai-lead-390') });
  });
});
