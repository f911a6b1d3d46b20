import { join } from 'node:path';
import { Msg } from '@vidmatrix/contract/messages';
import { ClipTaskPages } from './pages/clip-task-pages.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

// Subtitles from speech (issue 24): the 口播 form states where its subtitles come from. The e2e server
// has no recognition service configured (no ASR_BASE_URL, no model on disk), so the form says the
// subtitles are the typed script only (with a service: transcriber.test.ts).

const shotDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'clip-shots');

test('the 口播 form says its subtitles come from the typed script when no speech recognition is configured', async ({
  page,
  request,
}) => {
  await signInNewMember(page, request, 'oralasr');
  const clip = new ClipTaskPages(page);
  await clip.newTask(4);
  await page.getByTestId('clip-template-classic').click();
  await expect(page).toHaveURL(/\/clip\/OralMode\?.*template=classic/);
  const note = page.getByTestId('clip-transcriber-note');
  await expect(note).toHaveText(Msg.clipNoTranscriber);
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shotDir, 'clip-oral-asr-note.png') });
});
