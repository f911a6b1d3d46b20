import { Msg } from '@vidmatrix/contract/messages';

/**
 * What the 口播 form says about where its subtitles come from, given the server's recognition service (or
 * none). The service is not named: its name carries the operator's model id (语音识别（whisper-1）).
 */
export function transcriberNote(transcriber: string | null | undefined): string {
  return transcriber ? Msg.clipTranscriberOn : Msg.clipNoTranscriber;
}
