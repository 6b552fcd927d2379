import { Volume2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/PageHeading';
import { Button } from '@/components/ui/Button';
import { i18n } from '@/i18n/i18n';
import { type PricesClient, pricesClient } from '@/realtime/pricesSocket';
import { usePreferencesStore } from '@/stores/preferencesStore';
import { type PriceStore, priceStore } from '@/stores/priceStore';
import { summarizeApi, summarizeClock } from './apiCheck';
import { readBrowserFacts, summarizeBrowser } from './browserCheck';
import { CheckCard } from './CheckCard';
import type { CheckResult } from './checkTypes';
import { ReportActions } from './ReportActions';
import { buildReport } from './report';
import { type SoundOutcome, summarizeSound, testSound } from './soundCheck';
import { useApiSamples } from './useApiSamples';
import { useLiveLinks } from './useLiveLinks';
import { useNow } from './useNow';

interface TestPageProps {
  prices?: PricesClient;
  store?: PriceStore;
  playSound?: () => Promise<SoundOutcome>;
}

/** The line a customer reads first, and a screen reader announces as checks finish. */
function tally(checks: readonly CheckResult[]): string {
  if (checks.some((c) => c.key === 'api' && c.level === 'pending')) {
    return i18n.t('account:diagnostics.checking');
  }
  const count = (level: CheckResult['level']) => checks.filter((c) => c.level === level).length;
  return i18n.t('account:diagnostics.tally', {
    ok: count('ok'),
    warning: count('warning'),
    failed: count('failed'),
  });
}

/**
 * `/main/test` (SPEC §2): the connection check a support agent asks a customer to open. It watches
 * the app's own live links rather than opening new ones, times the API, compares clocks, describes
 * the browser, tests the sound, and copies it all as text for the support chat.
 */
export function TestPage({
  prices = pricesClient,
  store = priceStore,
  playSound = testSound,
}: TestPageProps) {
  const { t } = useTranslation('account');
  const now = useNow();
  const { samples, run } = useApiSamples();
  const links = useLiveLinks(prices, store, now);
  const soundsOn = usePreferencesStore((s) => s.prefs.sounds);
  const [sound, setSound] = useState<SoundOutcome | null>(null);
  const [playing, setPlaying] = useState(false);

  const checks = [
    summarizeApi(samples),
    ...links,
    summarizeClock(samples),
    summarizeBrowser(readBrowserFacts()),
    summarizeSound(sound, soundsOn),
  ];
  const soundCheck = checks.at(-1);

  const play = () => {
    setPlaying(true);
    void playSound()
      .then(setSound)
      .finally(() => setPlaying(false));
  };

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <PageHeading title={t('diagnostics.title')} />
        <p className="text-sm text-muted-foreground">{t('diagnostics.intro')}</p>
      </div>
      <p role="status" className="text-sm font-medium">
        {tally(checks)}
      </p>
      <ReportActions
        report={() => buildReport(checks, new Date(), window.location.href)}
        onRunAgain={run}
        running={samples === null}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        {checks.slice(0, -1).map((check) => (
          <CheckCard key={check.key} check={check} />
        ))}
        {soundCheck && (
          <CheckCard check={soundCheck}>
            <Button variant="outline" className="self-start" onClick={play} disabled={playing}>
              <Volume2 aria-hidden />
              {t('diagnostics.playSound')}
            </Button>
          </CheckCard>
        )}
      </div>
    </section>
  );
}
