import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';

/** Copies `value` to the clipboard and says so; `label` names what is copied, for screen readers. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('money');
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('deposit.copy.done', { label }));
    } catch {
      toast.error(t('deposit.copy.failed'));
    }
  }
  return (
    <Button
      type="button"
      size="icon-sm"
      variant="outline"
      onClick={() => void copy()}
      aria-label={t('deposit.copy.label', { label })}
    >
      <Copy aria-hidden="true" />
    </Button>
  );
}
