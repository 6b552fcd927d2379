import { CircleAlert, CircleCheck, CircleDashed, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { cn } from '@/lib/utils';
import { type CheckLevel, type CheckResult, levelText } from './checkTypes';

const LOOK: Record<CheckLevel, { icon: typeof CircleCheck; className: string }> = {
  // Theme tokens, not fixed shades: they keep AA contrast in the light and the dark theme alike.
  ok: { icon: CircleCheck, className: 'border-success/40 bg-success/10 text-success' },
  warning: { icon: CircleAlert, className: 'border-warning/40 bg-warning/10 text-warning' },
  failed: { icon: CircleX, className: 'border-destructive/40 bg-destructive/10 text-destructive' },
  pending: { icon: CircleDashed, className: 'border-border text-muted-foreground' },
};

/** The verdict as an icon and a word, so it does not rest on colour alone. */
export function LevelBadge({ level }: { level: CheckLevel }) {
  // Re-rendered on a language change, so the word follows it.
  useTranslation('account');
  const { icon: Icon, className } = LOOK[level];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-xs',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {levelText(level)}
    </span>
  );
}

/** One check: title and verdict, the sentence, then its figures. `children` holds its controls. */
export function CheckCard({ check, children }: { check: CheckResult; children?: ReactNode }) {
  return (
    <Card className="gap-3 py-4" data-testid={`check-${check.key}`}>
      <CardHeader className="flex-row items-center justify-between gap-3 px-4">
        <CardTitle className="text-base">{check.title}</CardTitle>
        <LevelBadge level={check.level} />
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-4">
        <p className="text-sm">{check.summary}</p>
        {check.rows.length > 0 && (
          <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
            {check.rows.map((row) => (
              <div key={row.label} className="contents">
                <dt className="text-muted-foreground">{row.label}</dt>
                {/* User agents are one long word: let them wrap anywhere on a phone. */}
                <dd className="min-w-0 [overflow-wrap:anywhere]">{row.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
