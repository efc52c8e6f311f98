export * from './effects-queue';
export * from './anticheat-queue';
