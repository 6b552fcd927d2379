/** English catalogue: dashboard, accounts, money, deposit, withdrawal, savings, statements, plans. SPEC's messages stay word for word. */
export default {} as const;
