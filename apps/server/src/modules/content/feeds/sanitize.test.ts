import { describe, expect, it } from 'vitest';
import { decodeEntities, safeLink, toPlainText } from './sanitize.ts';

describe('feed text to plain text', () => {
  it('drops scripts, styles and comments with their content, and every tag and attribute', () => {
    const out = toPlainText(
      '<p onclick="x()">Rates <b>held</b>.</p><script>alert(1)</script><style>p{}</style><!-- c --><img src=x onerror=alert(1)>End',
      500,
    );
    expect(out).toBe('Rates held . End');
    expect(out).not.toMatch(/[<>]|onerror|alert/);
  });

  it('decodes entities once and strips markup that was escaped inside the text', () => {
    expect(
      toPlainText('&lt;script&gt;steal()&lt;/script&gt;Gold &amp;amp; silver &#8212; &#x2014;', 500),
    ).toBe('Gold &amp; silver — —');
    expect(decodeEntities('&pound;5&nbsp;&unknown; &#0; &#xD800;')).toBe('£5 &unknown;    ');
  });

  it('keeps http(s) links only, resolved against the feed', () => {
    expect(safeLink('/a?b=1&amp;c=2', 'https://x.example/feed')).toBe('https://x.example/a?b=1&c=2');
    expect(safeLink('javascript:alert(1)', 'https://x.example/')).toBeNull();
    expect(safeLink(' JaVaScRiPt:alert(1)', 'https://x.example/')).toBeNull();
    expect(safeLink('data:text/html,hi', 'https://x.example/')).toBeNull();
    expect(safeLink('https://user:pw@x.example/', 'https://x.example/')).toBeNull();
  });

  it('cuts long text with an ellipsis', () => {
    expect(toPlainText('word '.repeat(100), 20)).toHaveLength(20);
  });
});
