/** The terminal's bottom positions drawer with the Total Portfolio bar (contract; built by the positions work). */
export function PositionsDrawer() {
  return null;
}
