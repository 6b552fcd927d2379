import { usePageTitle } from '@/lib/usePageTitle';
import { cn } from '@/lib/utils';

/**
 * A page's one `<h1>`; it also names the browser tab "{title} · {site}". Focus moves here after a
 * route change (it is focusable from script, not a Tab stop). `hidden` keeps it for screen readers
 * only, for screens whose layout is their heading (the terminal).
 */
export function PageHeading(props: { title: string; hidden?: boolean; className?: string }) {
  usePageTitle(props.title);
  return (
    <h1
      tabIndex={-1}
      data-page-heading=""
      className={cn(
        props.hidden ? 'sr-only' : 'font-semibold text-xl tracking-tight',
        'outline-none',
        props.className,
      )}
    >
      {props.title}
    </h1>
  );
}
