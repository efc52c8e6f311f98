export * from './preferences';
export * from './mail-message';
export * from './deliveries.repository';
export * from './delivery-settings.repository';
export * from '../accounts/account-tokens.repository';
export * from './account-mail.messages';
export * from './reminder.messages';
