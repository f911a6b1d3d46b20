import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ClipVoice } from '@vidmatrix/contract/api/clip-task';
import { Msg } from '@vidmatrix/contract/messages';
import { getVoiceQueryOptions } from '../api/get-voice.ts';
import { TaskActions } from './task-actions.tsx';

/** The buttons as a mode page shows them, with the server's voice already answered (or not yet). */
function render(voice: ClipVoice | undefined, voiced?: boolean): string {
  const client = new QueryClient();
  if (voice) {
    client.setQueryData(getVoiceQueryOptions().queryKey, voice);
  }
  const router = createMemoryRouter([{ path: '/', element: <TaskActions build={() => null} voiced={voiced} /> }]);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the robotic-voice note', () => {
  it('shows when the server speaks with a robotic voice', () => {
    expect(render({ name: 'espeak-ng (cmn)', robotic: true })).toContain(Msg.clipRoboticVoice);
  });

  it('is absent with a natural voice, before the server has answered, and where no voice speaks', () => {
    expect(render({ name: 'azure (zh-CN-XiaoxiaoNeural)', robotic: false })).not.toContain(Msg.clipRoboticVoice);
    expect(render(undefined)).not.toContain(Msg.clipRoboticVoice);
    expect(render({ name: 'espeak-ng (cmn)', robotic: true }, false)).not.toContain(Msg.clipRoboticVoice);
    // The buttons are there all the same.
    expect(render({ name: 'azure (zh-CN-XiaoxiaoNeural)', robotic: false })).toContain('开始剪辑');
  });
});
