export * from './bracket';
