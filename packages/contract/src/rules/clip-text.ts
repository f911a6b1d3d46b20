/** Text rules of clip narration (pure; the web previews the same sentences the voice reads). */

const END = /([。！？!?；;…]+|\.(?=\s|$))/;

/**
 * Splits a narration into sentences at Chinese and Latin sentence ends, keeping the mark with its
 * sentence; commas split too when a sentence would be longer than `maxChars` (a subtitle line).
 */
export function splitSentences(text: string, maxChars = 28): string[] {
  const parts = text
    .replace(/\s+/g, ' ')
    .split(END)
    .reduce<string[]>((out, piece, i) => {
      // split() with a capture group alternates text and marks: glue each mark to its text.
      if (i % 2 === 1) {
        out[out.length - 1] = `${out[out.length - 1] ?? ''}${piece}`;
      } else {
        out.push(piece);
      }
      return out;
    }, [])
    .map((s) => s.trim())
    .filter(Boolean);
  return parts.flatMap((sentence) => (sentence.length > maxChars ? splitAtCommas(sentence, maxChars) : [sentence]));
}

function splitAtCommas(sentence: string, maxChars: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const piece of sentence.split(/(?<=[，,、：:])/)) {
    if (current && current.length + piece.length > maxChars) {
      out.push(current.trim());
      current = '';
    }
    current += piece;
  }
  if (current.trim()) {
    out.push(current.trim());
  }
  return out;
}

/** The subtitle text of a sentence: trailing pause marks dropped (subtitles read cleaner without). */
export function subtitleText(sentence: string): string {
  return sentence.replace(/[，,。；;、]+$/u, '');
}
