import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  ClipVoiceApi,
  type ClipVoiceList,
  type ClipVoicePreview,
  type ClipVoicePreviewBody,
} from '@vidmatrix/contract/api/clip-voice';
import { post } from '../../../lib/request.ts';
import { clipKeys } from './clip-keys.ts';

/** POST getVoices: every voice of the server's speech provider, the default first. */
export function getVoices(signal?: AbortSignal): Promise<ClipVoiceList> {
  return post<ClipVoiceList>(ClipVoiceApi.list, undefined, { signal });
}

export function getVoicesQueryOptions() {
  return queryOptions({ queryKey: clipKeys.voices(), queryFn: ({ signal }) => getVoices(signal), staleTime: 600_000 });
}

/** The voices a task may speak with. */
export function useVoices() {
  return useQuery(getVoicesQueryOptions());
}

/** voicePreview: a fixed sentence in the chosen voice, speed and volume, as a WAV URL. */
export function useVoicePreview() {
  return useMutation({
    mutationFn: (body: ClipVoicePreviewBody) => post<ClipVoicePreview>(ClipVoiceApi.preview, body),
  });
}
