import { type ReactNode, useEffect } from 'react';
import { useSettingsStore } from '@/stores/settingsStore';

/** One back-office screen: its heading (the page's one h1), the document title, actions, content. */
export function AdminPage(props: { title: string; actions?: ReactNode; children: ReactNode }) {
  const site = useSettingsStore((s) => s.settings?.name);
  useEffect(() => {
    document.title = `${props.title} · ${site ?? 'Back office'}`;
  }, [props.title, site]);
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-xl">{props.title}</h1>
        {props.actions ? <div className="flex flex-wrap gap-2">{props.actions}</div> : null}
      </div>
      {props.children}
    </div>
  );
}
