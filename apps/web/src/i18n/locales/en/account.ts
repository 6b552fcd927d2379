/** English catalogue: chat, admin chat, settings, personal, verification, marketplace, autotrader, diagnostics. SPEC's messages stay word for word. */
export default {} as const;
