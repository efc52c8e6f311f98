export * from './calendar.repository';
export * from './challenge-calendar';
export * from './calendar.module';
export * from './ical-feed';
