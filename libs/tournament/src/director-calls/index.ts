export * from './director-calls.repository';
