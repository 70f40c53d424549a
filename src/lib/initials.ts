/**
 * Thai consonants (U+0E01–U+0E2E). Any other Thai character is no initial on its own: the
 * vowels written before their consonant (เ แ โ ใ ไ, U+0E40–U+0E44), the vowels after it that
 * stand alone (ะ า ำ), signs (ฯ ๆ) and digits.
 */
const thaiConsonant = /^[\u0E01-\u0E2E]/u;
const thai = /^[\u0E00-\u0E7F]/u;
/** The thanthakhat (์) silences the consonant it sits on: ซ์ in ไอซ์ is not read. */
const silenced = /\u0E4C/u;

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** What a reader sees as one character: a letter with its marks (ชื่), an emoji with its joiners (👩‍💻). */
const graphemes = (text: string): string[] => (segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : Array.from(text));

/**
 * The first `count` characters of a name for an avatar, in capitals: Nalinee → N,
 * GlowLab Skincare → GL (spaces skipped). A Thai name gives its consonants with their marks,
 * never a vowel written before its consonant, a lone vowel or a silent letter:
 * เจน → จ, ไอซ์ → อ, แพรว → พ, ใบเตย → บ. Emoji stay whole.
 */
export function initials(name: string, count = 1): string {
  const characters = graphemes(name.replace(/\s+/gu, ''));
  const readable = characters.filter((character) => !thai.test(character) || (thaiConsonant.test(character) && !silenced.test(character)));
  // A name of nothing but Thai vowels and marks still gets its first character.
  const picked = (readable.length > 0 ? readable : characters).slice(0, count).join('');
  return picked.toUpperCase();
}
