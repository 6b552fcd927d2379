import type { ReactNode } from 'react';
import { Card } from '@/components/ui/Card';

/** One dashboard tile: a heading, the main figure(s) and a short note. */
export function StatCard(props: { title: string; children: ReactNode; note?: ReactNode; testId?: string }) {
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid={props.testId}>
      <h2 className="font-medium text-muted-foreground text-sm">{props.title}</h2>
      <div className="flex flex-col gap-1.5">{props.children}</div>
      {props.note ? <p className="mt-auto text-muted-foreground text-xs">{props.note}</p> : null}
    </Card>
  );
}

/** A labelled figure inside a card: label at the start, value at the end. */
export function Figure(props: { label: ReactNode; value: ReactNode; tone?: string; big?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <span className="text-muted-foreground text-sm">{props.label}</span>
      <span
        className={`${props.big ? 'font-semibold text-xl' : 'font-medium text-sm'} tabular-nums ${props.tone ?? ''}`}
      >
        {props.value}
      </span>
    </div>
  );
}
