import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { SearchInput } from '@/components/ui/SearchInput';

/** A list page's search box with its label (the table's `search` filter). */
export function FilterSearch(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={props.id}>{t('filters.search')}</Label>
      <SearchInput
        id={props.id}
        value={props.value}
        onValueChange={props.onChange}
        placeholder={props.placeholder}
      />
    </div>
  );
}

/** A list page's filter select with its label; the options are the children. */
export function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <NativeSelect id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.children}
      </NativeSelect>
    </div>
  );
}
