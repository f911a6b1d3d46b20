import type { ClipVoice } from '@vidmatrix/contract/api/clip-task';
import { Msg } from '@vidmatrix/contract/messages';

/** The two notes of a form: with a speech-recognition service configured, and without one. */
const NOTES = {
  oral: { on: Msg.clipTranscriberOn, off: Msg.clipNoTranscriber },
  source: { on: Msg.clipSourceTranscriberOn, off: Msg.clipSourceNoTranscriber },
} as const;

/**
 * What a form says about where its subtitles come from (口播: the main clip's speech; CP拆拼 with 保留原声:
 * the sources' speech), given the server's voice answer: nothing until it answered (not 未配置 for a
 * moment where a service is configured). The service is not named: its name carries the operator's
 * model id (语音识别（whisper-1）).
 */
export function transcriberNote(voice: ClipVoice | undefined, form: keyof typeof NOTES = 'oral'): string | null {
  if (!voice) {
    return null;
  }
  return voice.transcriber ? NOTES[form].on : NOTES[form].off;
}
