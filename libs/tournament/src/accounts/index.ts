export * from './accounts.repository';
export * from './director-cities.repository';
export * from './display-name';
