import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
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
import { useLoginLink } from './queries';

/** Makes a one-time sign-in link for the client (valid five minutes, audited) and offers to copy it. */
export function LoginLinkDialog(props: {
  clientId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const link = useLoginLink(props.clientId);
  const [madeAt, setMadeAt] = useState<Date | null>(null);

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
      toast.success('Link copied');
    } catch {
      toast.error('Copying is not allowed here: select the link and copy it by hand.');
    }
  }

  const expires = madeAt ? new Date(madeAt.getTime() + 5 * 60_000) : null;
  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>One-time login link</DialogTitle>
          <DialogDescription>
            Opens the client’s account once, for five minutes. Making one is recorded in the audit log.
          </DialogDescription>
        </DialogHeader>
        {link.data ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-url`}>Link</Label>
            <div className="flex gap-2">
              <Input id={`${id}-url`} readOnly value={link.data} onFocus={(e) => e.currentTarget.select()} />
              <Button
                variant="outline"
                size="icon"
                aria-label="Copy link"
                onClick={() => void copy(link.data)}
              >
                <Copy aria-hidden="true" />
              </Button>
            </div>
            <p className="text-muted-foreground text-xs">
              Valid for 5 minutes{expires ? `, until ${expires.toLocaleTimeString('en-GB')}` : ''}, and only
              once.
            </p>
          </div>
        ) : link.error ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(link.error, 'The link could not be made.')}
          />
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Close
          </Button>
          {link.data ? null : (
            <Button
              disabled={link.isPending}
              onClick={() => link.mutate(undefined, { onSuccess: () => setMadeAt(new Date()) })}
            >
              Make link
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
