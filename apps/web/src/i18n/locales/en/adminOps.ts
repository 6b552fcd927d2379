/** English catalogue: back-office instruments, plans, verification, deposits, settings, withdrawals, payments, savings. SPEC's messages stay word for word. */
export default {} as const;
