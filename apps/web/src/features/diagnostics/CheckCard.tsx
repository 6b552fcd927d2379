import { CircleAlert, CircleCheck, CircleDashed, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { cn } from '@/lib/utils';
import { type CheckLevel, type CheckResult, LEVEL_TEXT } from './checkTypes';

const LOOK: Record<CheckLevel, { icon: typeof CircleCheck; className: string }> = {
  ok: { icon: CircleCheck, className: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300' },
  warning: { icon: CircleAlert, className: 'border-amber-500/40 bg-amber-500/10 text-amber-300' },
  failed: { icon: CircleX, className: 'border-red-500/40 bg-red-500/10 text-red-300' },
  pending: { icon: CircleDashed, className: 'border-border text-muted-foreground' },
};

/** The verdict as an icon and a word, so it does not rest on colour alone. */
export function LevelBadge({ level }: { level: CheckLevel }) {
  const { icon: Icon, className } = LOOK[level];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-xs',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {LEVEL_TEXT[level]}
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
