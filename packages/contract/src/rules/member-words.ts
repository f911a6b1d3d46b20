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
