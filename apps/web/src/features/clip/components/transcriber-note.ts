import type { ClipVoice } from '@vidmatrix/contract/api/clip-task';
import { Msg } from '@vidmatrix/contract/messages';

/**
 * What the 口播 form says about where its subtitles come from, given the server's voice answer: nothing
 * until it answered (not 未配置 for a moment where a service is configured). The service is not named:
 * its name carries the operator's model id (语音识别（whisper-1）).
 */
export function transcriberNote(voice: ClipVoice | undefined): string | null {
  if (!voice) {
    return null;
  }
  return voice.transcriber ? Msg.clipTranscriberOn : Msg.clipNoTranscriber;
}
