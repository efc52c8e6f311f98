export * from './conduct-violations.repository';
