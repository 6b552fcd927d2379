import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { safeLink, toPlainText } from './sanitize.ts';

/** One feed item, already plain text and safe links. */
export interface FeedItem {
  /** The item's guid, Atom id or link: what makes it the same item at the next fetch. */
  guid: string;
  title: string;
  summary: string;
  url: string | null;
  publishedAt: Date;
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'rdf';
  title: string;
  items: FeedItem[];
}

/** The most items one fetch takes from a feed (feeds list their newest first). */
export const FEED_MAX_ITEMS = 100;
const TITLE_MAX = 300;
const SUMMARY_MAX = 2000;
const GUID_MAX = 1000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Entity declarations in a DOCTYPE are capped (no "billion laughs"); HTML entities are ours to decode.
  processEntities: { enabled: true, maxEntityCount: 20, maxEntitySize: 1000, maxTotalExpansions: 1000 },
  htmlEntities: false,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text of an element that may carry attributes (`{ '#text': …, '@_type': 'html' }`). */
function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return textOf(v[0]);
  if (isNode(v)) return textOf(v['#text'] ?? '');
  return '';
}

function dateOf(...values: unknown[]): Date | null {
  for (const v of values) {
    const text = textOf(v).trim();
    if (!text) continue;
    const ms = Date.parse(text);
    if (!Number.isNaN(ms)) return new Date(ms);
  }
  return null;
}

/** Atom's `<link rel="alternate" href>` (or the first link without a rel); RSS's text `<link>`. */
function linkOf(v: unknown): string | undefined {
  const links = Array.isArray(v) ? v : v === undefined ? [] : [v];
  const hrefs = links.map((l) =>
    isNode(l) && typeof l['@_href'] === 'string'
      ? { href: l['@_href'], rel: typeof l['@_rel'] === 'string' ? l['@_rel'] : 'alternate' }
      : { href: textOf(l), rel: 'alternate' },
  );
  return (hrefs.find((l) => l.rel === 'alternate' && l.href) ?? hrefs.find((l) => l.href))?.href;
}

function itemOf(node: Node, base: string, fetchedAt: Date): FeedItem | null {
  const title = toPlainText(textOf(node.title), TITLE_MAX);
  const rawSummary =
    textOf(node.description) || textOf(node.summary) || textOf(node.encoded) || textOf(node.content);
  const summary = toPlainText(rawSummary, SUMMARY_MAX);
  if (!title && !summary) return null;
  const link = linkOf(node.link);
  const url = safeLink(link, base);
  const guid = (textOf(node.guid) || textOf(node.id) || url || link || `${title}|${textOf(node.pubDate)}`)
    .trim()
    .slice(0, GUID_MAX);
  const published =
    dateOf(node.pubDate, node.published, node.updated, node.date, node.issued, node.modified) ?? fetchedAt;
  return {
    guid,
    title: title || summary.slice(0, TITLE_MAX),
    summary: summary || title,
    url,
    // A date in the future (a typo, a wrong zone) would pin an item atop the list for days.
    publishedAt: published.getTime() > fetchedAt.getTime() ? fetchedAt : published,
  };
}

/** Why a document is not a feed we read. */
export class FeedParseError extends Error {}

/**
 * Reads an RSS 2.0, RSS 1.0 (RDF) or Atom document into plain-text items. `base` is the address it
 * came from (relative links resolve against it); `fetchedAt` stands in for missing dates.
 */
export function parseFeed(xml: string, base: string, fetchedAt: Date): ParsedFeed {
  let doc: Node;
  if (/^\s*(<\?xml[^>]*>\s*)?(<!doctype html|<html)/i.test(xml)) {
    throw new FeedParseError('The address serves a web page, not an RSS or Atom feed');
  }
  // The parser is lenient (it reads cut-off documents); a feed must be well-formed XML.
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new FeedParseError(
      `The document is not well-formed XML (line ${valid.err.line}: ${valid.err.msg.slice(0, 160)})`,
    );
  }
  try {
    const parsed: unknown = parser.parse(xml);
    if (!isNode(parsed)) throw new FeedParseError('The document is empty');
    doc = parsed;
  } catch (e) {
    if (e instanceof FeedParseError) throw e;
    throw new FeedParseError(`The document is not well-formed XML (${(e as Error).message.slice(0, 200)})`);
  }
  const collect = (nodes: unknown): FeedItem[] =>
    (Array.isArray(nodes) ? nodes : [])
      .filter(isNode)
      .slice(0, FEED_MAX_ITEMS)
      .flatMap((n) => itemOf(n, base, fetchedAt) ?? []);

  if (isNode(doc.rss)) {
    const channel = doc.rss.channel;
    if (!isNode(channel)) throw new FeedParseError('The RSS document has no channel');
    return { format: 'rss', title: toPlainText(textOf(channel.title), 200), items: collect(channel.item) };
  }
  if (isNode(doc.feed)) {
    return {
      format: 'atom',
      title: toPlainText(textOf(doc.feed.title), 200),
      items: collect(doc.feed.entry),
    };
  }
  if (isNode(doc.RDF)) {
    const channel = isNode(doc.RDF.channel) ? doc.RDF.channel : {};
    return { format: 'rdf', title: toPlainText(textOf(channel.title), 200), items: collect(doc.RDF.item) };
  }
  throw new FeedParseError('The document is not an RSS or Atom feed');
}
