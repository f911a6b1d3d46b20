import { z } from 'zod';
import { Msg } from '../messages.ts';
import { isEmbeddableAiLink } from '../rules/ai-service.ts';
import { text } from './common.ts';
import { UserCenterReads } from './user-center-reads.ts';

/** The user centre's calls. */
export const UserCenterApi = {
  ...UserCenterReads,
  updateProfile: '/api/member.Member/updateProfile',
  updateAvatar: '/api/member.Member/updateAvatar',
  updateAiService: '/api/member.Member/updateAiService',
  endSession: '/api/member.Member/endSession',
} as const;

/** Largest avatar or logo image, in bytes (after base64 decoding). */
export const BRAND_IMAGE_MAX_BYTES = 1024 * 1024;
/** A data URL of that size is 4/3 larger, plus its header. */
const DATA_URL_MAX = Math.ceil((BRAND_IMAGE_MAX_BYTES * 4) / 3) + 64;

/** A PNG, JPEG or WebP image as a `data:` URL (the cropper's output). */
export const imageDataUrl = text(Msg.imageRequired)
  .min(1, Msg.imageRequired)
  .max(DATA_URL_MAX, Msg.imageTooLarge)
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, Msg.imageFormat);

/** Mainland mobile numbers (11 digits starting with 1); empty clears the phone. */
export const mobilePhone = text()
  .trim()
  .regex(/^(1\d{10})?$/, Msg.phoneFormat);

/** POST /api/member.Member/updateProfile: the user centre's profile form. */
export const profileBody = z.object({
  nickname: text(Msg.nicknameRequired).trim().min(1, Msg.nicknameRequired).max(32, Msg.textTooLong),
  phone: mobilePhone.optional().default(''),
});
export type ProfileBody = z.input<typeof profileBody>;

/** Longest AI customer-service name (the window's title) and link. */
export const AI_SERVICE_NAME_MAX = 32;
export const AI_SERVICE_LINK_MAX = 2048;

/**
 * POST /api/member.Member/updateAiService: the member's own AI customer-service window (SPEC §2.3, §3
 * is_ai). Turned on it needs a name and an embeddable (https) link; turned off both are kept for later.
 */
export const aiServiceBody = z
  .object({
    is_ai_service: z.union([z.literal(0), z.literal(1)], { error: Msg.invalidParams }),
    ai_name: text().trim().max(AI_SERVICE_NAME_MAX, Msg.textTooLong).default(''),
    ai_link: text().trim().max(AI_SERVICE_LINK_MAX, Msg.textTooLong).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.is_ai_service === 1 && !body.ai_name) {
      ctx.addIssue({ code: 'custom', path: ['ai_name'], message: Msg.aiServiceNameRequired });
    }
    // An off window may keep an unfinished link; one that shows must be embeddable.
    if ((body.is_ai_service === 1 || body.ai_link) && !isEmbeddableAiLink(body.ai_link)) {
      ctx.addIssue({ code: 'custom', path: ['ai_link'], message: Msg.aiServiceLinkHttps });
    }
  });
export type AiServiceBody = z.input<typeof aiServiceBody>;

/** POST /api/member.Member/updateAvatar: the cropped avatar. */
export const avatarBody = z.object({ image: imageDataUrl });
export type AvatarBody = z.input<typeof avatarBody>;
export const avatarResult = z.object({ avatar_url: z.string() });

/** One signed-in session of the member (the three tokens of one login). */
export const memberSession = z.object({
  session_id: z.string(),
  /** `pc` (desktop shell) or `web`. */
  platform: z.string(),
  /** The browser's user agent at sign-in. */
  device: z.string(),
  /** The client address at sign-in. */
  ip: z.string(),
  /** `YYYY-MM-DD HH:mm:ss` (UTC+8). */
  created_at: z.string(),
  /** True for the session making this request. */
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSession>;
export const memberSessions = z.array(memberSession);

/** POST /api/member.Member/endSession: signs one of the member's sessions out. */
export const endSessionBody = z.object({
  session_id: text().min(1).max(64),
});
export type EndSessionBody = z.input<typeof endSessionBody>;
