/**
 * Words a member must never read (issue 25): commands, environment variables, header names, role ids and
 * developer formats. Operator details go to the server log and the README; members are told what they can do.
 */
export const DEVELOPER_WORDS: readonly RegExp[] = [
  /npm run/i,
  /memberToken/i,
  /角色\s*\d/,
  /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/, // an environment variable (LLM_BASE_URL, FFMPEG_PATH)
  /\b[A-Z]+=(on|off|\d)/, // a setting written as a command line (JOBS=off)
  /markdown/i,
  /WenQuanYi/i,
];

/** The developer words in `text`, as found (empty when the text is fit for a member). */
export function developerWordsIn(text: string): string[] {
  return DEVELOPER_WORDS.flatMap((word) => word.exec(text)?.[0] ?? []);
}

const CJK = /[\u4e00-\u9fff]/;

/** A label read aloud or shown as a tooltip that is English words, not Chinese (numbers and symbols pass). */
export function isEnglishLabel(text: string): boolean {
  return /[a-z]/i.test(text) && !CJK.test(text);
}

/**
 * What is wrong with the name of an icon-only control (a button or link that shows only an icon), or null.
 * antd icons name themselves in English (aria-label="delete"): without a Chinese aria-label or title of its
 * own, a screen reader says "delete"; with an English one, the same.
 */
export function iconButtonLabelProblem(label: { ariaLabel?: string | null; title?: string | null }): string | null {
  const named = [label.ariaLabel, label.title].filter((text): text is string => Boolean(text?.trim()));
  if (named.length === 0) {
    return '图标按钮没有中文名称';
  }
  const english = named.find(isEnglishLabel);
  return english === undefined ? null : `图标按钮的名称是英文：${english}`;
}
