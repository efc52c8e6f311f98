export * from './accounts.repository';
export * from './director-cities.repository';
export * from './display-name';
export * from './sanction-authority.repository';
export * from './sanction-authority.rules';
