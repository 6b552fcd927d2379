/**
 * Feed text to plain text: feeds carry HTML (often escaped, or in CDATA) written by strangers, and
 * what we store is shown as text only. Scripts, styles and comments go with their content, every
 * other tag goes, entities are decoded, white space is collapsed.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  middot: '·',
  bull: '•',
  times: '×',
  divide: '÷',
  plusmn: '±',
  laquo: '«',
  raquo: '»',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
  ccedil: 'ç',
};

/** Decodes named, decimal and hex character references; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      // NUL, surrogates and beyond Unicode are not characters; a space keeps words apart.
      if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
        return ' ';
      }
      return String.fromCodePoint(code);
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const BLOCKS = /<(script|style|iframe|object|embed|noscript|template|svg|math)\b[\s\S]*?(<\/\1\s*>|$)/gi;
const COMMENTS = /<!--[\s\S]*?(-->|$)/g;
const CDATA = /<!\[CDATA\[([\s\S]*?)\]\]>/g;
const TAGS = /<\/?[a-z!?][^>]*(>|$)/gi;
const BREAKS = /<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi;

function stripOnce(text: string): string {
  return text
    .replace(CDATA, '$1')
    .replace(COMMENTS, ' ')
    .replace(BLOCKS, ' ')
    .replace(BREAKS, ' ')
    .replace(TAGS, ' ');
}

function isControl(c: string): boolean {
  const code = c.codePointAt(0) ?? 0;
  return (code < 0x20 && c !== '\t' && c !== '\n' && c !== '\r') || code === 0x7f;
}

/**
 * Plain text of an HTML fragment, at most `max` characters. Run twice around the decoding so
 * doubly escaped markup (`&lt;script&gt;` inside an already escaped description) goes too.
 */
export function toPlainText(html: string, max: number): string {
  let text = stripOnce(html);
  text = decodeEntities(text);
  text = stripOnce(text);
  // Control characters (NUL above all) never reach the database.
  text = [...text].map((c) => (isControl(c) ? ' ' : c)).join('');
  text = text.replace(/\s+/g, ' ').trim();
  if (text.length > max) text = `${text.slice(0, max - 1).trimEnd()}…`;
  return text;
}

/** An absolute http(s) link, resolved against the feed's address; null for anything else. */
export function safeLink(raw: string | undefined, base: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(decodeEntities(raw.trim()), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    const out = url.toString();
    return out.length <= 2048 ? out : null;
  } catch {
    return null;
  }
}
