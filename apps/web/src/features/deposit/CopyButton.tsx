import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';

/** Copies `value` to the clipboard and says so; `label` names what is copied, for screen readers. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`${label} copied`);
    } catch {
      toast.error('Copying is not allowed here: select the text and copy it by hand.');
    }
  }
  return (
    <Button
      type="button"
      size="icon-sm"
      variant="outline"
      onClick={() => void copy()}
      aria-label={`Copy ${label}`}
    >
      <Copy aria-hidden="true" />
    </Button>
  );
}
