export * from './tables';
export * from './clock';
export * from './penalties';
export * from './settlement';
export * from './commissary';
export * from './grant';
