import { z } from 'zod';
import { CLIP_VOICE_SPEED_RANGE, CLIP_VOICE_VOLUME_RANGE } from '../constants.ts';
import { fillMsg, Msg } from '../messages.ts';
import { ClipVoiceReads } from './clip-voice-reads.ts';

// The narration voice of a clip task (issue 24): every voice the server's provider offers, its speed
// and volume chosen per task, and a short preview the member hears before rendering.

const speedMsg = fillMsg(Msg.clipVoiceSpeedRange, CLIP_VOICE_SPEED_RANGE);
const volumeMsg = fillMsg(Msg.clipVoiceVolumeRange, CLIP_VOICE_VOLUME_RANGE);

/** A voice id as getVoices lists it (the server refuses one it does not list: 配音音色不存在). */
export const voiceId = z
  .string(Msg.clipVoiceUnknown)
  .trim()
  .min(1, Msg.clipVoiceUnknown)
  .max(120, Msg.clipVoiceUnknown);

/** Speech rate, × normal. */
export const voiceSpeed = z
  .number(speedMsg)
  .min(CLIP_VOICE_SPEED_RANGE.min, speedMsg)
  .max(CLIP_VOICE_SPEED_RANGE.max, speedMsg)
  .default(1);

/** Narration volume, % of the voice as synthesised. */
export const voiceVolume = z
  .number(volumeMsg)
  .int(volumeMsg)
  .min(CLIP_VOICE_VOLUME_RANGE.min, volumeMsg)
  .max(CLIP_VOICE_VOLUME_RANGE.max, volumeMsg)
  .default(100);

/** The voice a task speaks with (配音); absent: the server's default voice at normal speed and volume. */
export const clipDubbing = z.object({ voice: voiceId, speed: voiceSpeed, volume: voiceVolume });
export type ClipDubbing = z.infer<typeof clipDubbing>;

/** One voice of getVoices. */
export const clipVoiceOption = z.object({
  /** What a task sends as `dubbing.voice`. */
  id: z.string(),
  /** Chinese, e.g. 普通话女声, 晓晓（女声，普通话）. */
  name: z.string(),
  gender: z.enum(['female', 'male', 'unknown']),
  /** A formant or otherwise robotic voice, fit for previews only. */
  robotic: z.boolean(),
});
export type ClipVoiceOption = z.infer<typeof clipVoiceOption>;

/** getVoices: the voices of the configured provider, the default first. */
export const clipVoiceList = z.object({ default: z.string(), list: z.array(clipVoiceOption) });
export type ClipVoiceList = z.infer<typeof clipVoiceList>;

/**
 * voicePreview: a fixed sentence (Msg.clipVoicePreviewText) in a voice, at a speed and volume.
 * @alias
 */
export const clipVoicePreviewBody = clipDubbing;
export type ClipVoicePreviewBody = z.input<typeof clipVoicePreviewBody>;

/** voicePreview's answer: a WAV the page plays. */
export const clipVoicePreview = z.object({ url: z.string(), duration: z.number() });
export type ClipVoicePreview = z.infer<typeof clipVoicePreview>;

/** The voice calls, in the style of the clip task calls. */
export const ClipVoiceApi = {
  ...ClipVoiceReads,
  preview: '/api/seoaivideo.BatchVideo/voicePreview',
} as const;
