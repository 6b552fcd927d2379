import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findInlineStrings } from './inlineStrings';

const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' || name === 'test' ? [] : sourceFiles(path);
    const source = /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name);
    return source ? [path] : [];
  });
}

describe('the inline-string check', () => {
  it('finds text a reader would see and leaves code alone', () => {
    const found = findInlineStrings(
      `const cols = [{ header: 'Name', id: 'name' }];
       export function A({ open }: { open: boolean }) {
         toast.error('Failed');
         return (
           <div className="p-2" aria-label="Close" data-x="y">
             Hello {open ? 'Hide' : 'Show'} {t('key')} — 42 %
             {/* i18n-ignore */}
             <code>curl</code>
             {open && 'Shown'}{cn('a', open && 'b')}
           </div>
         );
       }`,
      'a.tsx',
    ).map((f) => f.text);
    expect(found).toEqual(['Name', 'Failed', 'Close', 'Hello', 'Hide', 'Show', 'Shown']);
  });

  it('no component shows text outside the catalogue', () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      findInlineStrings(readFileSync(file, 'utf8'), file).map(
        (f) => `${relative(SRC, file)}:${f.line} ${JSON.stringify(f.text)}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
