import { z } from 'zod';
import { CLIP_LOGO_SIZE_RANGE, CLIP_MAX_TITLES, CLIP_TEXT_Y_RANGE, CLIP_TITLE_MAX_CHARS } from '../constants.ts';
import { fillMsg, Msg } from '../messages.ts';
import { INT_MAX } from './common.ts';

// How text and the logo look on a clip video (issue 24): the sizes a Chinese editor offers, each field
// refused with a message naming it.

/** A font named by its getFront value; one the renderer does not have is refused by the server (字体不存在). */
export const fontName = z.string(Msg.clipFontRequired).min(1, Msg.clipFontRequired).max(100, Msg.clipFontMissing);

/** #RRGGBB. */
export const hexColor = z.string(Msg.clipTextColorInvalid).regex(/^#[0-9a-fA-F]{6}$/, Msg.clipTextColorInvalid);

const STROKE_MAX = 12;
const strokeMsg = fillMsg(Msg.clipStrokeRange, { max: STROKE_MAX });
const yMsg = fillMsg(Msg.clipTextYRange, CLIP_TEXT_Y_RANGE);
const boxOpacityMsg = Msg.clipBoxOpacityRange;

/** What subtitles and titles share: colour, stroke, box, weight, and where the text sits. */
const textLook = {
  font: fontName,
  color: hexColor.default('#FFFFFF'),
  /** Stroke (描边) colour and width in px of 1080. */
  outlineColor: hexColor.default('#000000'),
  outline: z.number(strokeMsg).min(0, strokeMsg).max(STROKE_MAX, strokeMsg).default(3),
  bold: z.boolean().default(false),
  /** A box (字幕条) behind the text, in `boxColor` at `boxOpacity` (0–1); the stroke is not drawn then. */
  box: z.boolean().default(false),
  boxColor: hexColor.default('#000000'),
  boxOpacity: z.number(boxOpacityMsg).min(0, boxOpacityMsg).max(1, boxOpacityMsg).default(0.6),
  /** Where the text's centre sits, % of the frame's height from the top; absent: by `position` (or the title's place). */
  y: z.number(yMsg).min(CLIP_TEXT_Y_RANGE.min, yMsg).max(CLIP_TEXT_Y_RANGE.max, yMsg).optional(),
};

const sized = (min: number, max: number, fallback: number, msg: string) => {
  const text = fillMsg(msg, { min, max });
  return z.number(text).int(text).min(min, text).max(max, text).default(fallback);
};

/** Subtitle style: the font is a value from getFront. */
export const subtitleStyle = z.object({
  ...textLook,
  /** Output pixels at a 1080 short side. */
  size: sized(24, 160, 64, Msg.clipSubtitleSizeRange),
  position: z.enum(['top', 'middle', 'bottom']).default('bottom'),
});
export type SubtitleStyle = z.infer<typeof subtitleStyle>;

/** A title's text. */
export const titleText = z
  .string()
  .trim()
  .max(CLIP_TITLE_MAX_CHARS, fillMsg(Msg.clipTitleTooLong, { n: CLIP_TITLE_MAX_CHARS }));

/** A template's title: its style (yellow, big, at the top unless `y` says otherwise) and its text. */
export const titleStyle = z.object({
  ...textLook,
  text: titleText,
  size: sized(24, 200, 90, Msg.clipTitleSizeRange),
  color: hexColor.default('#FFE400'),
  bold: z.boolean().default(true),
  /** Seconds the title stays; 0 keeps it for the whole video. */
  seconds: z.number().min(0).max(600).default(0),
});
export type TitleStyle = z.infer<typeof titleStyle>;

/** Several titles of a task: each video shows one, dealt out in turn (Alibaba ICE's TitleArray). */
export const titleArray = z
  .array(titleText.pipe(z.string().min(1)))
  .max(CLIP_MAX_TITLES, fillMsg(Msg.clipTitlesTooMany, { n: CLIP_MAX_TITLES }))
  .default([]);

/** The corners a logo may sit in. */
export const LOGO_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type LogoCorner = (typeof LOGO_CORNERS)[number];
export const logoCornerLabel: Record<LogoCorner, string> = {
  'top-left': '左上',
  'top-right': '右上',
  'bottom-left': '左下',
  'bottom-right': '右下',
};

const logoSizeMsg = fillMsg(Msg.clipLogoSizeRange, CLIP_LOGO_SIZE_RANGE);
const logoOpacityMsg = Msg.clipLogoOpacityRange;

/** A logo (台标/水印): an image of the member's library at a corner, its width and opacity. */
export const clipLogo = z.object({
  materialId: z.number(Msg.clipLogoMissing).int(Msg.clipLogoMissing).positive(Msg.clipLogoMissing).max(INT_MAX),
  corner: z.enum(LOGO_CORNERS, Msg.clipLogoCornerInvalid).default('top-right'),
  /** Width, % of the frame's width. */
  size: z
    .number(logoSizeMsg)
    .min(CLIP_LOGO_SIZE_RANGE.min, logoSizeMsg)
    .max(CLIP_LOGO_SIZE_RANGE.max, logoSizeMsg)
    .default(15),
  /** 0.1–1. */
  opacity: z.number(logoOpacityMsg).min(0.1, logoOpacityMsg).max(1, logoOpacityMsg).default(0.9),
});
export type ClipLogo = z.infer<typeof clipLogo>;
