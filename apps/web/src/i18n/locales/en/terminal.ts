/** English catalogue: terminal, market, chart. SPEC's messages stay word for word. */
export default {} as const;
