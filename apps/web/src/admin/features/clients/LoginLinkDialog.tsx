import { Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { formatDateTime } from '@/i18n/format';
import { useLoginLink } from './queries';

/**
 * Makes a one-time sign-in link for the client (valid five minutes, audited) and offers to copy it.
 * It opens on Close: making a link is recorded, so it is never one stray Enter away.
 */
export function LoginLinkDialog(props: {
  clientId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const link = useLoginLink(props.clientId);
  const [madeAt, setMadeAt] = useState<Date | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  // "Make link" goes away once the link is there: focus moves to the link itself.
  useEffect(() => {
    if (link.data) urlRef.current?.focus();
  }, [link.data]);

  function close(open: boolean) {
    props.onOpenChange(open);
    if (!open) {
      link.reset();
      setMadeAt(null);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('loginLink.copied'));
    } catch {
      toast.error(t('loginLink.copyFailed'));
    }
  }

  const expires = madeAt ? new Date(madeAt.getTime() + 5 * 60_000) : null;
  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          closeRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('loginLink.title')}</DialogTitle>
          <DialogDescription>{t('loginLink.description')}</DialogDescription>
        </DialogHeader>
        {link.data ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-url`}>{t('loginLink.link')}</Label>
            <div className="flex gap-2">
              <Input
                ref={urlRef}
                id={`${id}-url`}
                readOnly
                dir="ltr"
                value={link.data}
                aria-describedby={`${id}-valid`}
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                variant="outline"
                size="icon"
                aria-label={t('loginLink.copy')}
                onClick={() => void copy(link.data)}
              >
                <Copy aria-hidden="true" />
              </Button>
            </div>
            <p id={`${id}-valid`} className="text-muted-foreground text-xs">
              {expires
                ? t('loginLink.validUntil', { time: formatDateTime(expires, { timeStyle: 'medium' }) })
                : t('loginLink.valid')}
            </p>
          </div>
        ) : link.error ? (
          <Alert variant="destructive" description={apiErrorMessage(link.error, t('loginLink.failed'))} />
        ) : null}
        <DialogFooter>
          <Button ref={closeRef} variant="outline" onClick={() => close(false)}>
            {t('shared.close')}
          </Button>
          {link.data ? null : (
            <Button
              disabled={link.isPending}
              onClick={() => link.mutate(undefined, { onSuccess: () => setMadeAt(new Date()) })}
            >
              {t('loginLink.make')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
