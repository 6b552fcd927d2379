/**
 * Lists inline UI strings under the given folders of apps/web/src (all of it by default):
 * `npx tsx apps/web/scripts/inline-strings.ts src/features/terminal`. The test
 * `src/i18n/inlineStrings.test.ts` fails while any is left.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findInlineStrings } from '../src/i18n/inlineStrings';

const web = join(import.meta.dirname, '..');
const walk = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path).flatMap((n) => (n === 'locales' ? [] : walk(join(path, n))))
    : /\.tsx?$/.test(path) && !/\.(test|d)\.tsx?$/.test(path)
      ? [path]
      : [];
const roots = process.argv.slice(2);
let total = 0;
for (const root of roots.length ? roots : ['src']) {
  for (const file of walk(join(web, root))) {
    for (const f of findInlineStrings(readFileSync(file, 'utf8'), file)) {
      total += 1;
      console.log(`${relative(web, file)}:${f.line} ${JSON.stringify(f.text)}`);
    }
  }
}
console.log(`${total} inline string(s)`);
