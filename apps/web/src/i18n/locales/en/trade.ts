/** English catalogue: order form, positions, /trading. SPEC's messages stay word for word. */
export default {} as const;
