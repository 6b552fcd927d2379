export * from './errors.ts';
export * from './schemas/auth.ts';
export * from './schemas/health.ts';
export * from './schemas/settings.ts';
