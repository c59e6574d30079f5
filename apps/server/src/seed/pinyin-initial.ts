/**
 * The A–Z initial of a brand name (goods_brand.brand_initial), without a pinyin dictionary: the
 * Chinese collation orders characters by pinyin, so the first character is compared with the
 * first character of each letter. Polyphonic first characters the collation reads differently
 * from the brand's reading, and names starting with digits, are listed by hand.
 */
const LETTER_STARTS = "阿八嚓哒妸发旮哈讥咔垃妈拏噢妑七呥仨它穵夕丫帀";
const LETTERS = "ABCDEFGHJKLMNOPQRSTWXYZ";
const OVERRIDES: Record<string, string> = { 长: "C", "7": "Q", "3": "S" };

const collator = new Intl.Collator("zh-Hans-CN");

export function pinyinInitial(name: string): string {
  const first = name.charAt(0);
  const override = OVERRIDES[first];
  if (override) return override;
  if (/[A-Za-z]/.test(first)) return first.toUpperCase();
  let initial = "#";
  for (let index = 0; index < LETTER_STARTS.length; index += 1) {
    if (collator.compare(first, LETTER_STARTS.charAt(index)) >= 0) initial = LETTERS.charAt(index);
  }
  return initial;
}
