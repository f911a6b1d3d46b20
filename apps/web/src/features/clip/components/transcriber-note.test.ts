import { Msg } from '@vidmatrix/contract/messages';
import { describe, expect, it } from 'vitest';
import { transcriberNote } from './transcriber-note.ts';

const voice = { name: 'espeak-ng (cmn)', robotic: true };

describe('transcriberNote', () => {
  it('names no model id (the server calls its service 语音识别（whisper-1）): member words only', () => {
    for (const service of [
      '语音识别（whisper-1）',
      '语音识别（sensevoice）',
      '语音识别（FunAudioLLM/SenseVoiceSmall）',
    ]) {
      for (const form of ['oral', 'source'] as const) {
        expect(transcriberNote({ ...voice, transcriber: service }, form), service).not.toMatch(/[A-Za-z0-9]/);
      }
    }
  });

  it('says the subtitles are the typed script only when no service is configured (a server that names none too)', () => {
    expect(transcriberNote({ ...voice, transcriber: null })).toBe(Msg.clipNoTranscriber);
    expect(transcriberNote(voice)).toBe(Msg.clipNoTranscriber);
    expect(transcriberNote(voice, 'source')).toBe(Msg.clipSourceNoTranscriber);
  });

  it('says nothing before the server answered', () => {
    expect(transcriberNote(undefined)).toBeNull();
  });
});
