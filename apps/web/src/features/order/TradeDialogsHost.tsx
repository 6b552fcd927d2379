/** Renders the dialog opened through `useTradeDialogs` (contract; built by the order work). */
export function TradeDialogsHost() {
  return null;
}
