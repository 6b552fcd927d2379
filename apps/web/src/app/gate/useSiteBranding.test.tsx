import { DEFAULT_SITE_NAME } from '@openbroker/domain';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageTitle } from '@/lib/usePageTitle';
import { useSettingsStore } from '@/stores/settingsStore';
import { useSiteBranding } from './useSiteBranding';

function Page({ title }: { title?: string }) {
  return title ? <PageTitle title={title} /> : null;
}
function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}
/** The root layout: its effect runs after its child page's. */
function Root({ title }: { title?: string }) {
  useSiteBranding();
  return <Page title={title} />;
}

describe('useSiteBranding', () => {
  afterEach(() => {
    document.title = '';
    useSettingsStore.setState({ settings: null });
  });

  it("keeps the page's own title instead of overwriting it with the site name", () => {
    document.title = DEFAULT_SITE_NAME;
    render(<Root title="Sign in" />);
    expect(document.title).toBe(`Sign in · ${DEFAULT_SITE_NAME}`);
  });

  it('uses the site name as the default title when no page set one, and follows it', () => {
    document.title = DEFAULT_SITE_NAME;
    render(<Root />);
    expect(document.title).toBe(DEFAULT_SITE_NAME);
    act(() => {
      useSettingsStore.setState({ settings: { name: 'Acme Markets' } as never });
    });
    expect(document.title).toBe('Acme Markets');
  });
});
