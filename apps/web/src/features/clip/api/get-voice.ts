import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClipTaskApi, type ClipVoice } from '@vidmatrix/contract/api/clip-task';
import { post } from '../../../lib/request.ts';
import { clipKeys } from './clip-keys.ts';

/** POST getVoice: the voice the server speaks narration with, and whether it is robotic. */
export function getVoice(signal?: AbortSignal): Promise<ClipVoice> {
  return post<ClipVoice>(ClipTaskApi.getVoice, undefined, { signal });
}

export function getVoiceQueryOptions() {
  return queryOptions({ queryKey: clipKeys.voice(), queryFn: ({ signal }) => getVoice(signal), staleTime: Infinity });
}

/** The server's narration voice (set by its environment, so fetched once). */
export function useVoice() {
  return useQuery(getVoiceQueryOptions());
}
