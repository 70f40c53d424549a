const thai = /[\u0E00-\u0E7F]/;

/**
 * A Thai heading that wraps between its phrases. Thai puts no space between words, only between
 * phrases, and the browser's word list does not know every loanword (ครีเอ|เตอร์), so a balanced
 * heading may break inside a word. Each phrase is kept whole (an inline block) unless it is wider
 * than the line by itself; text without Thai is returned as it is.
 */
export function Phrases({ text }: { text: string }) {
  if (!thai.test(text)) return text;
  return text.split(' ').map((phrase, index) => (
    <span key={index}>
      {index > 0 && ' '}
      <span className="inline-block max-w-full">{phrase}</span>
    </span>
  ));
}
