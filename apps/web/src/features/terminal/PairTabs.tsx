/** The open-pair tabs shared by the terminal top bar and the main-app header (contract; built by the terminal work). */
export function PairTabs(_props: { className?: string }) {
  return null;
}
