/** English catalogue: back-office shell, components, advisors, audit, dashboard. SPEC's messages stay word for word. */
export default {} as const;
