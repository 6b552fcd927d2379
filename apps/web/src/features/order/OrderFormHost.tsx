/** Renders the order form opened through `useOrderFormStore` (contract; built by the order work). */
export function OrderFormHost() {
  return null;
}
