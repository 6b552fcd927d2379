import ts from 'typescript';

/**
 * Finds UI text written inline in a component instead of read from the catalogue: JSX text, text
 * attributes (`aria-label="Close"`), string literals a JSX child shows (`{open ? 'Hide' : 'Show'}`),
 * text-bearing object properties (`header: 'Name'`, `label: 'Dashboard'`) and toast messages. Text
 * without a letter (a dash, "%", "·") is not language. A line (or the line above it) marked
 * `i18n-ignore` is skipped: a code sample, a currency code, a brand.
 */
export interface InlineString {
  line: number;
  text: string;
}

const LETTER = /\p{L}/u;
const TEXT_ATTRIBUTE =
  /^(aria-(label|description|roledescription|valuetext|placeholder)|title|placeholder|alt|label|description|heading|message|text|[a-z]+(Label|Text|Title|Message|Placeholder|Description|Heading))$/;
const TEXT_PROPERTY =
  /^(header|label|title|placeholder|description|message|text|heading|emptyText|hint|help|tooltip|caption|confirmLabel|cancelLabel)$/;
const PASS_THROUGH = new Set([
  ts.SyntaxKind.ConditionalExpression,
  ts.SyntaxKind.BinaryExpression,
  ts.SyntaxKind.ParenthesizedExpression,
  ts.SyntaxKind.TemplateSpan,
  ts.SyntaxKind.TemplateExpression,
]);

function textOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('…');
  }
  return null;
}

/** True when `node` is what a JSX child expression renders (not an argument, key or class). */
function renderedByJsx(node: ts.Node): boolean {
  let at: ts.Node = node.parent;
  while (PASS_THROUGH.has(at.kind)) {
    if (ts.isConditionalExpression(at) && at.condition === node) return false;
    if (
      ts.isBinaryExpression(at) &&
      at.left === node &&
      at.operatorToken.kind !== ts.SyntaxKind.BarBarToken
    ) {
      return false;
    }
    node = at;
    at = at.parent;
  }
  return ts.isJsxExpression(at) && (ts.isJsxElement(at.parent) || ts.isJsxFragment(at.parent));
}

function isToastCall(node: ts.Node): boolean {
  if (!ts.isCallExpression(node.parent) || !node.parent.arguments.includes(node as ts.Expression))
    return false;
  const callee = node.parent.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.expression : callee;
  return ts.isIdentifier(name) && name.text === 'toast';
}

/** A colour ("#1b2230") is not language, though it has letters. */
const COLOUR = /^#[0-9a-f]{3,8}$/i;

function flagged(node: ts.Node): string | null {
  if (ts.isJsxText(node)) {
    const text = node.text.trim();
    return LETTER.test(text) ? text : null;
  }
  const text = textOf(node);
  if (text === null || !LETTER.test(text) || COLOUR.test(text)) return null;
  const parent = node.parent;
  if (ts.isJsxAttribute(parent) && TEXT_ATTRIBUTE.test(parent.name.getText())) return text;
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) {
    return TEXT_ATTRIBUTE.test(parent.parent.name.getText()) ? text : null;
  }
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
    const name = parent.name.getText().replace(/['"]/g, '');
    return TEXT_PROPERTY.test(name) ? text : null;
  }
  if (isToastCall(node)) return text;
  return renderedByJsx(node) ? text : null;
}

export function findInlineStrings(source: string, fileName: string): InlineString[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const lines = source.split('\n');
  const ignored = (line: number) =>
    (lines[line] ?? '').includes('i18n-ignore') || (lines[line - 1] ?? '').includes('i18n-ignore');
  const found: InlineString[] = [];
  const visit = (node: ts.Node) => {
    const text = flagged(node);
    if (text !== null) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      if (!ignored(line))
        found.push({ line: line + 1, text: text.length > 60 ? `${text.slice(0, 57)}...` : text });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
