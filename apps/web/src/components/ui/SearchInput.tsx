import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './Input';

/** A search box with its magnifier icon; `small` for dense panels. */
export function SearchInput({
  onValueChange,
  small = false,
  className,
  ...props
}: Omit<ComponentProps<typeof Input>, 'type' | 'onChange'> & {
  onValueChange: (value: string) => void;
  small?: boolean;
}) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute top-1/2 start-2.5 -translate-y-1/2 text-muted-foreground',
          small ? 'size-3.5' : 'size-4',
        )}
      />
      <Input
        type="search"
        onChange={(e) => onValueChange(e.target.value)}
        className={cn('ps-8', className)}
        {...props}
      />
    </div>
  );
}
