import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { NewsItemOut, NewsSource } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/testApp.ts';
import { createAuditService } from '../../audit/service.ts';
import { auditRows, call } from '../testSupport.ts';
import { createFeedService } from './feedService.ts';
import { parseFeed } from './parseFeed.ts';
import { DEFAULT_FETCH_POLICY, isPrivateAddress, safeFetch } from './safeFetch.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const NOW = new Date('2026-01-07T12:00:00Z');

/** A local stand-in for the feeds' servers, serving the recorded feeds (no network in tests). */
let server: Server;
let base: string;
const hits: Record<string, string | undefined> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    hits[url] = req.headers['user-agent'];
    const send = (type: string, body: string) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    if (url === '/markets.rss') return send('application/rss+xml', fixture('markets-rss.xml'));
    if (url === '/cb.atom') return send('application/atom+xml', fixture('central-banks-atom.xml'));
    if (url === '/page.html') return send('text/html', fixture('not-a-feed.html'));
    if (url === '/big') return send('application/xml', `<rss>${'x'.repeat(5000)}</rss>`);
    if (url === '/slow') return; // never answers
    const hop = /^\/hop\/(\d+)$/.exec(url);
    if (hop) {
      const n = Number(hop[1]);
      res.writeHead(302, { location: n === 0 ? '/markets.rss' : `/hop/${n - 1}` });
      return res.end();
    }
    if (url === '/to-private') {
      res.writeHead(301, { location: 'http://10.0.0.1/feed' });
      return res.end();
    }
    res.writeHead(404);
    res.end('not here');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('parseFeed (recorded feeds)', () => {
  it('reads RSS 2.0 into plain text with safe links, whatever HTML the feed carries', () => {
    const feed = parseFeed(fixture('markets-rss.xml'), 'https://news.example.com/rss', NOW);
    expect(feed.format).toBe('rss');
    expect(feed.title).toBe('FX Street Desk & Wire');
    const [dollar, gold, oil] = feed.items;
    expect(dollar).toEqual({
      guid: 'fxwire-2026-0107-001',
      title: 'Dollar slips as Treasury yields ease – EUR/USD back above 1.09',
      summary: 'The greenback lost ground against most majors as 10-year yields fell.',
      url: 'https://news.example.com/fx/dollar-slips-yields-ease',
      publishedAt: new Date('2026-01-07T10:15:00Z'),
    });
    expect(gold?.title).toBe('Gold steadies near record');
    expect(gold?.summary).toBe('Bullion held at £2,050 an ounce — traders await payrolls.');
    expect(gold?.url).toBeNull(); // a javascript: link
    expect(gold?.publishedAt).toEqual(new Date('2026-01-07T08:40:00Z'));
    expect(oil?.url).toBe('https://news.example.com/energy/oil-extends-losses');
    for (const item of feed.items) {
      expect(`${item.title} ${item.summary}`).not.toMatch(/<|>|script|onerror|onclick|alert|display:none/i);
    }
  });

  it('reads Atom: the alternate link, html summaries and content as text, no future dates', () => {
    const feed = parseFeed(fixture('central-banks-atom.xml'), 'https://cb.example.org/feed.atom', NOW);
    expect(feed.format).toBe('atom');
    const [ecb, boj, fed] = feed.items;
    expect(ecb?.title).toBe('ECB minutes show policymakers split on timing of cuts');
    expect(ecb?.summary).toBe('Several members saw “no urgency” & preferred waiting for spring data.');
    expect(ecb?.url).toBe('https://cb.example.org/ecb/minutes-december');
    expect(boj?.url).toBeNull(); // a data: link
    expect(boj?.summary).toBe('USD/JPY rose 0.3% after the decision — the yen weakened.');
    expect(fed?.publishedAt).toEqual(NOW);
  });

  it('refuses what is not a feed', () => {
    expect(() => parseFeed(fixture('not-a-feed.html'), 'https://x/', NOW)).toThrow(
      'The address serves a web page, not an RSS or Atom feed',
    );
    expect(() => parseFeed('<rss><channel><item>', 'https://x/', NOW)).toThrow(/not well-formed XML/);
    expect(() => parseFeed('<opml><body/></opml>', 'https://x/', NOW)).toThrow(
      'The document is not an RSS or Atom feed',
    );
  });
});

describe('safeFetch', () => {
  const strict = { ...DEFAULT_FETCH_POLICY };
  const local = { ...DEFAULT_FETCH_POLICY, allowPrivate: true };

  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '100.64.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '2606:4700::1111', '8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses private and loopback hosts, other schemes and credentials (SSRF)', async () => {
    for (const url of [
      `${base}/markets.rss`,
      'http://localhost/feed',
      'http://10.0.0.1/feed',
      'http://[::1]/feed',
      'http://[::ffff:127.0.0.1]/feed',
      'http://2130706433/feed',
      'http://169.254.169.254/latest/meta-data',
      'ftp://example.com/feed',
      'file:///etc/passwd',
      'http://user:pw@example.com/',
    ]) {
      await expect(safeFetch(url, strict), url).rejects.toThrow(/refused|Only http|credentials/);
    }
  });

  it('allows a host named in the allowlist', async () => {
    const res = await safeFetch(`${base}/markets.rss`, { ...strict, allowHosts: ['127.0.0.1'] });
    expect(res.body.toString()).toContain('<rss');
  });

  it('follows at most 3 redirects, each checked again, sends User-Agent OpenBroker', async () => {
    const ok = await safeFetch(`${base}/hop/2`, local);
    expect(ok.url).toBe(`${base}/markets.rss`);
    expect(hits['/markets.rss']).toBe('OpenBroker');
    await expect(safeFetch(`${base}/hop/3`, local)).rejects.toThrow('Too many redirects');
    await expect(safeFetch(`${base}/to-private`, { ...strict, allowHosts: ['127.0.0.1'] })).rejects.toThrow(
      /refused/,
    );
  });

  it('stops at the size cap and the timeout, and reports HTTP errors', async () => {
    await expect(safeFetch(`${base}/big`, { ...local, maxBytes: 1000 })).rejects.toThrow(/larger than 1000/);
    await expect(safeFetch(`${base}/slow`, { ...local, timeoutMs: 200 })).rejects.toThrow(
      'No answer within 0.2 s',
    );
    await expect(safeFetch(`${base}/missing`, local)).rejects.toThrow('HTTP 404');
  });
});

describe('news sources through the API', () => {
  let t: TestContext;
  let staff: string;
  let customer: string;
  beforeAll(async () => {
    t = await createTestContext({}, { start: NOW });
    staff = (await t.signIn('staff')).token;
    customer = (await t.signIn('customer')).token;
  });
  afterAll(() => t.close());

  const addSource = async (name: string, url: string, enabled = true) => {
    const res = await call(t, 'POST', '/admin/news-sources', staff, { name, url, enabled });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: NewsSource }>().data;
  };

  it('validates the source: http(s) URL and a name', async () => {
    const res = await call(t, 'POST', '/admin/news-sources', staff, {
      name: ' ',
      url: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Name is required'],
      url: ['URL must be an http or https address'],
    });
    const ftp = await call(t, 'POST', '/admin/news-sources', staff, { name: 'x', url: 'ftp://x.example/f' });
    expect(ftp.json().errors).toEqual({ url: ['URL must be an http or https address'] });
  });

  it('fetches now: stores sanitized items once, records the fetch and audits it', async () => {
    const source = await addSource('FX Wire', `${base}/markets.rss`);
    expect((await auditRows(t, 'news_source.create'))[0]?.after).toEqual({
      name: 'FX Wire',
      url: `${base}/markets.rss`,
      enabled: true,
    });
    const first = await call(t, 'POST', `/admin/news-sources/${source.id}/fetch`, staff);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      added: 3,
      error: null,
      source: { last_added: 3, last_error: null },
    });
    expect(first.json().data.source.last_fetched_at).toBe(NOW.toISOString());
    const again = await call(t, 'POST', `/admin/news-sources/${source.id}/fetch`, staff);
    expect(again.json().data.added).toBe(0);
    expect((await auditRows(t, 'news_source.fetch'))[0]?.after).toEqual({ added: 0, error: null });

    const news = (await call(t, 'GET', '/news', customer)).json<{ data: NewsItemOut[] }>().data;
    expect(news.map((n) => n.title)).toEqual([
      'Dollar slips as Treasury yields ease – EUR/USD back above 1.09',
      'Gold steadies near record',
      'Oil extends losses on inventory build',
    ]);
    // The feed lists the first story twice: the first listing is the one kept.
    expect(news[0]?.summary).toBe('The greenback lost ground against most majors as 10-year yields fell.');
    for (const n of news) {
      expect(n).toMatchObject({ source: 'FX Wire', is_demo: false, source_id: source.id, symbols: [] });
      expect(JSON.stringify(n)).not.toMatch(/<script|onerror|javascript:/i);
    }
  });

  it('records a failed fetch on the source for staff to see', async () => {
    const page = await addSource('Not a feed', `${base}/page.html`);
    const res = await call(t, 'POST', `/admin/news-sources/${page.id}/fetch`, staff);
    expect(res.json().data).toMatchObject({
      added: 0,
      error: 'The address serves a web page, not an RSS or Atom feed',
    });
    const missing = await addSource('Gone', `${base}/missing`);
    await call(t, 'POST', `/admin/news-sources/${missing.id}/fetch`, staff);
    const list = (await call(t, 'GET', '/admin/news-sources', staff)).json<{ data: NewsSource[] }>().data;
    expect(list.find((s) => s.id === missing.id)?.last_error).toBe('The server answered HTTP 404');
  });

  it('the scheduled job fetches every enabled source, and edits and removals are audited', async () => {
    expect(t.app.scheduler.jobs()).toContain('content.news-sources');
    const atom = await addSource('CB Watch', `${base}/cb.atom`, false);
    const patched = await call(t, 'PATCH', `/admin/news-sources/${atom.id}`, staff, { enabled: true });
    expect(patched.json().data.enabled).toBe(true);
    const [update] = await auditRows(t, 'news_source.update');
    expect(update?.before).toEqual({ enabled: false });
    expect(update?.after).toEqual({ enabled: true });

    const list = async () =>
      (await call(t, 'GET', '/admin/news-sources', staff)).json<{ data: NewsSource[] }>().data;
    const before = (await call(t, 'GET', '/news', customer)).json().data.length;
    await runJobOnce(t);
    const after = (await call(t, 'GET', '/news', customer)).json().data.length;
    expect(after - before).toBe(3);
    expect((await list()).find((s) => s.id === atom.id)?.last_added).toBe(3);

    expect((await call(t, 'DELETE', `/admin/news-sources/${atom.id}`, staff)).statusCode).toBe(204);
    expect((await auditRows(t, 'news_source.delete'))[0]?.before).toMatchObject({ name: 'CB Watch' });
    // Its headlines stay, no longer tied to a source.
    const kept = (await call(t, 'GET', '/news', customer)).json<{ data: NewsItemOut[] }>().data;
    expect(kept.filter((n) => n.source === 'CB Watch').every((n) => n.source_id === null)).toBe(true);
    expect((await call(t, 'POST', `/admin/news-sources/${atom.id}/fetch`, staff)).statusCode).toBe(404);
  });
});

/** The news job's run, as the `bots` node's scheduler would make it. */
async function runJobOnce(t: TestContext): Promise<void> {
  const feeds = createFeedService({
    db: t.database.db,
    clock: t.clock,
    bus: t.app.bus,
    audit: createAuditService({ db: t.database.db, clock: t.clock }),
    policy: { ...DEFAULT_FETCH_POLICY, allowPrivate: true },
    log: t.app.log,
  });
  await feeds.job().run();
}
