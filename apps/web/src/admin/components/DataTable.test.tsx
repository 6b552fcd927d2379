import type { ColumnDef } from '@tanstack/react-table';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { DataTable, type PageMeta } from './DataTable';

interface Row {
  id: number;
  name: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Grace' },
  { id: 3, name: 'Alan' },
];
const META: PageMeta = { current_page: 2, last_page: 5, per_page: 3, total: 1234 };

const columns: ColumnDef<Row, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name', cell: ({ row }) => row.original.name },
  { id: 'plain', header: 'Plain', enableSorting: false, cell: () => 'x' },
];

function mount(over: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const props = {
    columns,
    rows: ROWS,
    meta: META,
    loading: false,
    sort: [{ id: 'name', desc: true }],
    onSortChange: vi.fn(),
    onPageChange: vi.fn(),
    empty: 'Nothing',
    label: 'People',
    rowKey: (r: Row) => r.id,
    ...over,
  };
  render(<DataTable<Row> {...props} />);
  return props;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('DataTable', () => {
  it('marks column headers, the sort on a button and names the page controls', () => {
    const props = mount();
    const table = screen.getByRole('table', { name: 'People' });
    const [name, plain] = within(table).getAllByRole('columnheader');
    expect(name?.getAttribute('scope')).toBe('col');
    expect(name?.getAttribute('aria-sort')).toBe('descending');
    expect(plain?.hasAttribute('aria-sort')).toBe(false);
    fireEvent.click(within(name as HTMLElement).getByRole('button', { name: 'Name' }));
    expect(props.onSortChange).toHaveBeenCalled();

    const pages = screen.getByRole('navigation', { name: 'People pages' });
    expect(pages.textContent).toContain('1,234 in all · page 2 of 5');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(props.onPageChange).toHaveBeenCalledWith(3);
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(props.onPageChange).toHaveBeenCalledWith(1);
  });

  it('keeps rows out of the tab order unless they open something', () => {
    mount();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.every((r) => !r.hasAttribute('tabindex'))).toBe(true);
  });

  it('makes clickable rows one tab stop: arrows move, Enter and a click open', async () => {
    const onRowClick = vi.fn();
    mount({ onRowClick });
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(second.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(second, { key: 'Enter' });
    expect(onRowClick).toHaveBeenLastCalledWith(ROWS[1]);
    fireEvent.click(within(first).getByText('Ada'));
    expect(onRowClick).toHaveBeenLastCalledWith(ROWS[0]);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    mount();
    const pages = screen.getByRole('navigation', { name: 'Páginas de People' });
    expect(pages.textContent).toContain('1234 en total · página 2 de 5');
    expect(within(pages).getByRole('button', { name: 'Página siguiente' })).toBeTruthy();
  });
});
