/** English catalogue: back-office clients, content, staff, approvals. SPEC's messages stay word for word. */
export default {} as const;
