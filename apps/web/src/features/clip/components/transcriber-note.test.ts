import { Msg } from '@vidmatrix/contract/messages';
import { describe, expect, it } from 'vitest';
import { transcriberNote } from './transcriber-note.ts';

describe('transcriberNote', () => {
  it('names no model id (the server calls its service 语音识别（whisper-1）): member words only', () => {
    for (const service of [
      '语音识别（whisper-1）',
      '语音识别（sensevoice）',
      '语音识别（FunAudioLLM/SenseVoiceSmall）',
    ]) {
      expect(transcriberNote(service), service).not.toMatch(/[A-Za-z0-9]/);
    }
  });

  it('says the subtitles are the typed script only when no service is configured', () => {
    expect(transcriberNote(null)).toBe(Msg.clipNoTranscriber);
    expect(transcriberNote(undefined)).toBe(Msg.clipNoTranscriber);
  });
});
