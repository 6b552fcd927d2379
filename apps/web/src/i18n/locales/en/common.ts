/** English catalogue: app shell, shared components and lib. SPEC's messages stay word for word. */
export default {} as const;
