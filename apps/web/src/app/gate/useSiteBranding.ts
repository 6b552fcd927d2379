import { DEFAULT_SITE_NAME } from '@openbroker/domain';
import { useEffect, useRef } from 'react';
import { useSettingsStore } from '@/stores/settingsStore';

const FAVICON_SELECTOR = 'link#site-favicon';
const DEFAULT_FAVICON = '/favicon.svg';

/** Points the page's icon link at `href`, creating the link if index.html did not provide one. */
export function applyFavicon(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>(FAVICON_SELECTOR);
  if (!link) {
    link = document.createElement('link');
    link.id = 'site-favicon';
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') === href) return;
  // The operator's favicon may be PNG/ICO; a stale SVG type would make browsers ignore it.
  link.removeAttribute('type');
  link.href = href;
}

/** White-label: the tab title and icon follow the site settings (SPEC §1 site name, favicon). */
export function useSiteBranding(): void {
  const name = useSettingsStore((s) => s.settings?.name);
  const favicon = useSettingsStore((s) => s.settings?.favicon);

  // The site name is only the default title: a page's own title (usePageTitle, set by its
  // PageHeading in an effect that runs before this parent's) wins. So it is written only over an
  // empty title, index.html's, or the default this hook wrote before.
  const lastDefault = useRef<string | null>(null);
  useEffect(() => {
    const next = name?.trim() || DEFAULT_SITE_NAME;
    const current = document.title;
    if (!current || current === DEFAULT_SITE_NAME || current === lastDefault.current) {
      document.title = next;
    }
    lastDefault.current = next;
  }, [name]);

  useEffect(() => {
    applyFavicon(favicon?.trim() || DEFAULT_FAVICON);
  }, [favicon]);
}
