export * from './countries.ts';
export * from './errors.ts';
export * from './hours/tradingHours.ts';
export * from './schemas/auth.ts';
export * from './schemas/health.ts';
export * from './schemas/registration.ts';
export * from './schemas/settings.ts';
export * from './schemas/user.ts';
