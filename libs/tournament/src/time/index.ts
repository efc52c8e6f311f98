export * from './tournament-clock';
