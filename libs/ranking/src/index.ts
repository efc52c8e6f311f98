export * from './points';
export * from './standings';
export * from './elite-six';
export * from './status';
export * from './season-table';
export * from './what-i-need';
