import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clipTaskInput } from '@vidmatrix/contract/api/clip-task';
import { ClipTaskForm, taskCommonOf } from './task-form.tsx';

/** A mode page's form (图文成片's frame) as the member first sees it. */
function markup(): string {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <ClipTaskForm mode={5} build={() => ({}) as never} required={[]}>
          <div />
        </ClipTaskForm>
      ),
    },
  ]);
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The value of the checked option of the radio group named `name`. */
function checked(html: string, name: string): string {
  const group = new RegExp(`aria-label="${name}" role="radiogroup"(.*?)</div>`).exec(html)?.[1] ?? '';
  return /checked="" value="([^"]+)"/.exec(group)?.[1] ?? '';
}

describe('ClipTaskForm output format (画面比例, 清晰度)', () => {
  it('offers every aspect and resolution, portrait 1080P chosen', () => {
    const html = markup();
    for (const text of ['画面比例', '9:16 竖屏', '16:9 横屏', '1:1 方形', '3:4', '清晰度', '720P', '1080P']) {
      expect(html).toContain(text);
    }
    expect(checked(html, '画面比例')).toBe('9:16');
    expect(checked(html, '清晰度')).toBe('1080');
  });

  it('puts the chosen format in the request body, which the contract accepts as sent', () => {
    const common = taskCommonOf({
      name: '任务',
      count: 2,
      seed: 5,
      musicIds: [],
      dedup: ['mirror'],
      format: { aspect: '16:9', resolution: 720 },
    });
    expect(common).toMatchObject({ aspect: '16:9', resolution: 720, dedup: { mirror: true, stripMetadata: true } });
    const body = JSON.parse(JSON.stringify({ clip_model: 5, ...common, imageIds: [1], font: 'x' })) as unknown;
    expect(clipTaskInput.parse(body)).toMatchObject({ aspect: '16:9', resolution: 720 });
  });
});
