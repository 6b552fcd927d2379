import { ChartColumn, Globe, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID } from '@/components/SkipLink';
import { useLoadingProgress } from './useLoadingProgress';

interface LoadingScreenProps {
  siteName: string;
  /** Called once when the bar reaches 100%. */
  onComplete?: () => void;
}

// Staggered so the three icons pulse in a wave rather than in unison.
const ICONS = [
  { Icon: TrendingUp, delay: '0ms', tone: 'text-buy' },
  { Icon: ChartColumn, delay: '200ms', tone: 'text-primary' },
  { Icon: Globe, delay: '400ms', tone: 'text-warning' },
] as const;

/** SPEC §2 full-screen state 5. */
export function LoadingScreen({ siteName, onComplete }: LoadingScreenProps) {
  const progress = useLoadingProgress(onComplete);
  const { t } = useTranslation('common');
  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      data-testid="loading-screen"
      className="outline-none flex min-h-dvh flex-col items-center justify-center bg-background px-6 text-foreground"
    >
      <div className="flex w-full max-w-sm flex-col items-center gap-8">
        {/* The site's name is the heading here; the tab already carries it as the default title. */}
        <h1
          tabIndex={-1}
          data-page-heading=""
          className="text-center text-3xl font-semibold tracking-tight outline-none"
        >
          {siteName}
        </h1>
        <div className="flex items-center gap-6" aria-hidden="true">
          {ICONS.map(({ Icon, delay, tone }) => (
            <div
              key={delay}
              className="flex size-12 animate-pulse items-center justify-center rounded-xl border bg-card"
              style={{ animationDelay: delay }}
            >
              <Icon className={`size-6 ${tone}`} />
            </div>
          ))}
        </div>
        <div className="flex w-full flex-col gap-3">
          <div
            role="progressbar"
            aria-label={t('states.loading.label')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-75 ease-linear"
              style={{ width: `${progress}%` }}
            />
          </div>
          <p className="text-center text-sm text-muted-foreground" role="status">
            {t('states.loading.text')}
          </p>
        </div>
      </div>
    </main>
  );
}
