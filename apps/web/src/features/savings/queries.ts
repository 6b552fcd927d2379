import { useQuery } from '@tanstack/react-query';
import { getSavingsPositions, getSavingsProducts } from '@/api/savings';

export const savingsKeys = {
  all: ['savings'] as const,
  products: ['savings', 'products'] as const,
  positions: ['savings', 'positions'] as const,
};

export function useSavingsProducts() {
  return useQuery({ queryKey: savingsKeys.products, queryFn: getSavingsProducts });
}

export function useSavingsPositions() {
  return useQuery({ queryKey: savingsKeys.positions, queryFn: getSavingsPositions });
}
