import type { ReactNode } from 'react';
import { PageHeading } from '@/components/PageHeading';

/**
 * One back-office screen: its heading (the page's one h1, which also names the browser tab
 * "{title} · {site}"), actions, content.
 */
export function AdminPage(props: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading title={props.title} />
        {props.actions ? <div className="flex flex-wrap gap-2">{props.actions}</div> : null}
      </div>
      {props.children}
    </div>
  );
}
