import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserCenterApi, type AvatarBody, type ProfileBody } from '@vidmatrix/contract/api/user-center';
import { getMemberInfoQueryOptions } from '../../../api/member/get-member-info.ts';
import { post } from '../../../lib/request.ts';

/** POST /api/member.Member/updateProfile. */
export function updateProfile(body: ProfileBody): Promise<unknown> {
  return post<unknown>(UserCenterApi.updateProfile, body);
}

/** POST /api/member.Member/updateAvatar: the cropped image as a data URL. */
export function updateAvatar(body: AvatarBody): Promise<{ avatar_url: string }> {
  return post<{ avatar_url: string }>(UserCenterApi.updateAvatar, body);
}

/** Saves nickname and phone; member info (header, sidebar) reloads. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMemberInfoQueryOptions().queryKey }),
  });
}

/** Saves the avatar; member info reloads. */
export function useUpdateAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMemberInfoQueryOptions().queryKey }),
  });
}
