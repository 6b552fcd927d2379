import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listPaymentMethods, type PaymentMethodUpdate, updatePaymentMethod } from '@/api/adminMoney';

/** Under ['admin', 'settings'] so a settings change (`admin.changed` scope settings) refreshes it. */
export const ADMIN_PAYMENT_METHODS_KEY = ['admin', 'settings', 'payment-methods'] as const;

export function usePaymentMethods() {
  return useQuery({ queryKey: ADMIN_PAYMENT_METHODS_KEY, queryFn: listPaymentMethods });
}

export function useUpdatePaymentMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { key: string; body: PaymentMethodUpdate }) =>
      updatePaymentMethod(input.key, input.body),
    onSettled: () => qc.invalidateQueries({ queryKey: ADMIN_PAYMENT_METHODS_KEY }),
  });
}
