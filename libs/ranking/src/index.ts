export * from './points';
export * from './standings';
export * from './elite-six';
export * from './status';
