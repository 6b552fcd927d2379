import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '@/i18n/language';
import { cn } from '@/lib/utils';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * Accessible tabs (Radix Tabs, WAI-ARIA tabs pattern, automatic activation): one tab stop for the
 * list, arrow keys (mirrored right to left), Home and End move between tabs, the panel is labelled
 * by its tab. Only the selected panel is rendered (its queries run then).
 */
export function Tabs<K extends string>(props: {
  label: string;
  tabs: readonly TabItem<K>[];
  value: K;
  onValueChange: (key: K) => void;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  const select = (value: string) => {
    const tab = props.tabs.find((t) => t.key === value);
    if (tab) props.onValueChange(tab.key);
  };
  return (
    <TabsPrimitive.Root
      value={props.value}
      onValueChange={select}
      dir={directionOf(i18n.language)}
      activationMode="automatic"
      className="flex flex-col gap-4"
    >
      <TabsPrimitive.List aria-label={props.label} className="flex gap-1 overflow-x-auto border-b">
        {props.tabs.map((t) => (
          <TabsPrimitive.Trigger
            key={t.key}
            value={t.key}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring',
              'border-transparent text-muted-foreground hover:text-foreground',
              'data-[state=active]:border-primary data-[state=active]:font-medium data-[state=active]:text-foreground',
            )}
          >
            {t.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      <TabsPrimitive.Content
        value={props.value}
        className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {props.children}
      </TabsPrimitive.Content>
    </TabsPrimitive.Root>
  );
}
