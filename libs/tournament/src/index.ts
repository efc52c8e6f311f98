// One folder per aggregate, each with its index.ts (docs/architecture.md).
export * from './tournament.module';
export * from './games';
export * from './live';
export * from './effects';
export * from './time';
export * from './challenge';
export * from './registrations';
export * from './calendar';
export * from './seasons';
export * from './house';
export * from './accounts';
export * from './notifications';
export * from './audit';
export * from './conduct';
export * from './integrity';
export * from './analysis';
export * from './delivery';
