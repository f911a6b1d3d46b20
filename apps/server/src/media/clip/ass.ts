import type { SubtitleStyle, TitleStyle } from '@vidmatrix/contract/api/clip-task';
import { CLIP_OUTPUT_SIZE } from '@vidmatrix/contract/constants';

/** A timed line of text on screen. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** The title: its own style, on screen from 0 to `end`. */
export interface TitleCue extends Cue {
  style: TitleStyle;
}

/** Text stays this far from the left and right edges (platform buttons sit on the right). */
const SIDE_MARGIN = 0.1;
/** Bottom subtitles sit above the platform's caption and buttons (about the lowest fifth). */
const BOTTOM_MARGIN = 0.22;
const TOP_MARGIN = 0.1;

/** ASS colour &HAABBGGRR from #RRGGBB and an alpha (0 opaque, 255 clear). */
export function assColor(hex: string, alpha = 0): string {
  const [r, g, b] = [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const a = alpha.toString(16).padStart(2, '0');
  return `&H${a}${b}${g}${r}`.toUpperCase();
}

/** ASS time h:mm:ss.cc (ASS counts centiseconds; rounding, not truncation, keeps cues on their audio). */
export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(c).padStart(2, '0')}`;
}

/** Marks a line may not start with (Chinese line-breaking rule): they stay with the character before. */
const NO_LINE_START = new Set([...'，。、；：？！）」』》〉】”’…,.;:?!)']);

/**
 * Characters split into as few lines of `perLine` as fit, as evenly as possible (a line is never left with
 * one or two characters while the one above is full), and no line opens with a closing mark: the break
 * moves back one character, or forward past the mark when moving back would overfill the lines below.
 */
export function breakLines(chars: readonly string[], perLine: number): string[] {
  const n = chars.length;
  const opensWithMark = (i: number): boolean => i < n && NO_LINE_START.has(chars[i] as string);
  const lines: string[] = [];
  let remaining = Math.ceil(n / Math.max(1, perLine));
  let at = 0;
  while (at < n) {
    if (remaining <= 1) {
      lines.push(chars.slice(at).join(''));
      break;
    }
    // Longer lines first: the remaining characters shared evenly by the remaining lines.
    const even = at + Math.ceil((n - at) / remaining);
    let forward = even;
    while (opensWithMark(forward)) {
      forward += 1;
    }
    let back = even;
    while (back > at + 1 && opensWithMark(back)) {
      back -= 1;
    }
    const fits = (end: number): boolean =>
      end - at >= MIN_LINE_CHARS &&
      end - at <= perLine &&
      n - end >= MIN_LINE_CHARS &&
      n - end <= (remaining - 1) * perLine;
    const backFits = !opensWithMark(back) && fits(back);
    const end =
      afterMark(chars, even, fits, opensWithMark) ?? (backFits && even - back <= forward - even ? back : forward);
    lines.push(chars.slice(at, end).join(''));
    at = end;
    remaining -= 1;
  }
  return lines;
}

/** The fewest characters a wrapped line keeps (one or two alone read as a mistake). */
const MIN_LINE_CHARS = 3;
/** How far a break may move from the even split to fall just after a comma or full stop. */
const MARK_REACH = 3;

/** The break nearest `even` that falls just after a mark (a natural pause), if one is within reach and fits. */
function afterMark(
  chars: readonly string[],
  even: number,
  fits: (end: number) => boolean,
  opensWithMark: (i: number) => boolean,
): number | undefined {
  for (let d = 0; d <= MARK_REACH; d += 1) {
    for (const end of [even - d, even + d]) {
      if (NO_LINE_START.has(chars[end - 1] as string) && !opensWithMark(end) && fits(end)) {
        return end;
      }
    }
  }
  return undefined;
}

/** Text made safe for an ASS event (no override blocks, no escapes), wrapped to `perLine` characters. */
export function assText(text: string, perLine: number): string {
  const clean = text
    .replace(/\\/g, '＼')
    .replace(/\{/g, '｛')
    .replace(/\}/g, '｝')
    .replace(/\s*\n\s*/g, ' ');
  // libass wraps only at spaces, which Chinese text has none of: break by character count, balanced.
  return breakLines([...clean], perLine).join('\\N');
}

/** What a style line reads of a subtitle or title style. */
type TextLook = Pick<
  SubtitleStyle,
  'font' | 'size' | 'color' | 'outlineColor' | 'outline' | 'bold' | 'box' | 'boxColor' | 'boxOpacity'
>;

/** The fewest px of box around boxed text (BorderStyle 3 pads the box by the outline width). */
const BOX_PADDING = 8;

function styleLine(name: string, s: TextLook, alignment: number, marginV: number, margin: number): string {
  // A box (字幕条) is libass's BorderStyle 3: drawn in the outline colour, so the stroke gives way to it.
  const outlineColour = s.box ? assColor(s.boxColor, Math.round((1 - s.boxOpacity) * 255)) : assColor(s.outlineColor);
  return [
    `Style: ${name}`,
    s.font,
    s.size,
    assColor(s.color),
    assColor(s.color),
    outlineColour,
    assColor('#000000', 0x80),
    s.bold ? -1 : 0,
    0,
    0,
    0,
    100,
    100,
    0,
    0,
    s.box ? 3 : 1,
    s.box ? Math.max(BOX_PADDING, s.outline) : s.outline,
    0,
    alignment,
    margin,
    margin,
    marginV,
    1,
  ].join(',');
}

/** An override placing an event's centre at `y` % of the height (the style's place when unset). */
function placed(y: number | undefined, width: number, height: number): string {
  return y === undefined ? '' : `{\\an5\\pos(${Math.round(width / 2)},${Math.round((height * y) / 100)})}`;
}

/**
 * An ASS script of subtitles (and a title) at a PlayRes of the frame's shape with a 1080 short side (font
 * sizes are px of 1080): libass scales it to the real output size, so a preview looks like the final video.
 */
export function writeAss(
  style: SubtitleStyle | null,
  cues: readonly Cue[],
  title: TitleCue | null,
  frame: { width: number; height: number } = CLIP_OUTPUT_SIZE,
): string {
  const scale = CLIP_OUTPUT_SIZE.width / Math.min(frame.width, frame.height);
  const [width, height] = [Math.round(frame.width * scale), Math.round(frame.height * scale)];
  const sideMargin = Math.round(width * SIDE_MARGIN);
  const sub: SubtitleStyle = style ?? {
    font: title?.style.font ?? 'sans-serif',
    size: 64,
    color: '#FFFFFF',
    outlineColor: '#000000',
    outline: 3,
    bold: false,
    box: false,
    boxColor: '#000000',
    boxOpacity: 0.6,
    position: 'bottom',
  };
  const alignment = sub.position === 'top' ? 8 : sub.position === 'middle' ? 5 : 2;
  const marginV = sub.position === 'top' ? height * 0.2 : sub.position === 'middle' ? 0 : height * BOTTOM_MARGIN;
  const usable = width * (1 - 2 * SIDE_MARGIN);
  const lines = [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    styleLine('Sub', sub, alignment, Math.round(marginV), sideMargin),
  ];
  if (title) {
    lines.push(styleLine('Title', title.style, 8, Math.round(height * TOP_MARGIN), sideMargin));
  }
  lines.push('', '[Events]', 'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text');
  if (title?.text) {
    const perLine = Math.max(1, Math.floor(usable / title.style.size));
    const at = placed(title.style.y, width, height);
    lines.push(
      `Dialogue: 1,${assTime(title.start)},${assTime(title.end)},Title,,0,0,0,,${at}${assText(title.text, perLine)}`,
    );
  }
  const perLine = Math.max(1, Math.floor(usable / sub.size));
  const at = placed(sub.y, width, height);
  for (const cue of cues) {
    if (cue.end > cue.start && cue.text) {
      lines.push(
        `Dialogue: 0,${assTime(cue.start)},${assTime(cue.end)},Sub,,0,0,0,,${at}${assText(cue.text, perLine)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
