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
 * What a word gives an avatar. A Thai word gives one letter, its first read consonant without
 * its vowel or tone marks (ฟ้าใส → ฟ, กุ้ง → ก, เจน → จ, ไอซ์ → อ): Thai writes a name as one
 * word, so a second letter would come from inside it. Any other word gives its characters in
 * order (Coco → C, O), an emoji whole, and any Thai in it as bare consonants.
 */
function wordInitials(word: string): string[] {
  const characters = graphemes(word);
  const read = characters.filter((character) => !thai.test(character) || (thaiConsonant.test(character) && !silenced.test(character)));
  // A Thai letter is its consonant alone: กุ้ is ก.
  const bare = read.map((character) => (thai.test(character) ? character[0] : character));
  return thai.test(characters[0] ?? '') ? bare.slice(0, 1) : bare;
}

/**
 * The first `count` characters of a name for an avatar, in capitals: Nalinee → N,
 * GlowLab Skincare → GL (spaces skipped), สมชาย ใจดี → สจ (a Thai word gives one letter, never
 * a vowel written before its consonant, a vowel or tone mark, or a silent letter). Emoji stay whole.
 */
export function initials(name: string, count = 1): string {
  const words = name.split(/\s+/u).filter(Boolean);
  const letters = words.flatMap(wordInitials);
  // A name of nothing but Thai vowels and marks still gets its first character.
  const picked = letters.length > 0 ? letters.slice(0, count) : graphemes(words.join('')).slice(0, 1);
  return picked.join('').toUpperCase();
}
