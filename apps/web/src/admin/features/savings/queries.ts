import type { SavingsProductInput } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createSavingsProduct, listSavingsProducts, updateSavingsProduct } from '@/api/adminMoney';

/** Under ['admin', 'settings'] so a settings change (`admin.changed` scope settings) refreshes it. */
export const ADMIN_SAVINGS_PRODUCTS_KEY = ['admin', 'settings', 'savings-products'] as const;

export function useSavingsProducts() {
  return useQuery({ queryKey: ADMIN_SAVINGS_PRODUCTS_KEY, queryFn: listSavingsProducts });
}

/** Creates a product (`id` null) or replaces one. */
export function useSaveSavingsProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; body: SavingsProductInput }) =>
      input.id === null ? createSavingsProduct(input.body) : updateSavingsProduct(input.id, input.body),
    onSettled: () => qc.invalidateQueries({ queryKey: ADMIN_SAVINGS_PRODUCTS_KEY }),
  });
}
