import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '@/lib/utils';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop for the list, arrow
 * keys, Home and End move between tabs, the panel is labelled by its tab. Built here because
 * @radix-ui/react-tabs is not installed. Only the selected panel is rendered (its queries run then).
 */
export function Tabs<K extends string>(props: {
  label: string;
  tabs: readonly TabItem<K>[];
  value: K;
  onValueChange: (key: K) => void;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (k: K) => `${base}-tab-${k}`;
  const panelId = `${base}-panel`;

  function onKeyDown(e: KeyboardEvent) {
    const i = props.tabs.findIndex((t) => t.key === props.value);
    const last = props.tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? i === last
          ? 0
          : i + 1
        : e.key === 'ArrowLeft'
          ? i === 0
            ? last
            : i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    const tab = props.tabs[next];
    if (!tab) return;
    props.onValueChange(tab.key);
    refs.current.get(tab.key)?.focus();
  }

  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={props.label}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b"
      >
        {props.tabs.map((t) => {
          const selected = t.key === props.value;
          return (
            <button
              key={t.key}
              ref={(el) => {
                if (el) refs.current.set(t.key, el);
                else refs.current.delete(t.key);
              }}
              type="button"
              role="tab"
              id={tabId(t.key)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => props.onValueChange(t.key)}
              className={cn(
                '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/50',
                selected
                  ? 'border-primary font-medium text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(props.value)}>
        {props.children}
      </div>
    </div>
  );
}
