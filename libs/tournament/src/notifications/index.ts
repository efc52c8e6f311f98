export * from './notices';
export * from './notifications.repository';
