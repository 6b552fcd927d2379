import { Keyboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { SHORTCUTS, type Shortcut } from './shortcuts';

/** What a shortcut does, in the reader's language. */
function useShortcutText(): (shortcut: Shortcut) => string {
  const { t } = useTranslation('terminal');
  return ({ action }) => {
    switch (action.type) {
      case 'buy':
        return t('shortcuts.buy');
      case 'sell':
        return t('shortcuts.sell');
      case 'close':
        return t('shortcuts.close');
      case 'panel':
        return t('shortcuts.panel', { panel: t(`panels.${action.panel}`) });
      case 'watchList':
        return t('shortcuts.watchList');
      case 'help':
        return t('shortcuts.help');
    }
  };
}

/** The "Keyboard shortcuts" button of the terminal's header. */
export function ShortcutsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('terminal');
  return (
    <button
      type="button"
      onClick={onClick}
      aria-keyshortcuts="?"
      aria-haspopup="dialog"
      title={t('shortcuts.button')}
      className="flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2 text-xs text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Keyboard aria-hidden="true" className="size-4" />
      <span className="sr-only xl:not-sr-only">{t('shortcuts.button')}</span>
    </button>
  );
}

/** The list of the terminal's keyboard shortcuts (`?`), from the same table the handler reads. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('terminal');
  const describe = useShortcutText();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="shortcuts-dialog" className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('shortcuts.title')}</DialogTitle>
          <DialogDescription>{t('shortcuts.description')}</DialogDescription>
        </DialogHeader>
        <table className="w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('shortcuts.key')}</th>
              <th scope="col">{t('shortcuts.action')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.id}>
                <td className="w-16 py-1.5 pe-3 align-top">
                  {shortcut.keys.map((key) => (
                    <kbd
                      key={key}
                      className="inline-flex min-w-6 items-center justify-center rounded border bg-muted px-1.5 font-mono text-xs text-foreground"
                    >
                      {key}
                    </kbd>
                  ))}
                </td>
                <td className="py-1.5 text-muted-foreground">{describe(shortcut)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
