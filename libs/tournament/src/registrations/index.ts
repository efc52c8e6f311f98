export * from './registration.rules';
export * from './registration.messages';
export * from './registrations.service';
export * from './registrations.module';
export type { ChallengeCounts, PublicRegistration, RosterFilter, RosterLine } from './registrations.repository';
