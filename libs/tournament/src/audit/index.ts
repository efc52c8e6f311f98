export * from './audit-log.repository';
