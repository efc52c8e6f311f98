export * from './house.repository';
export * from './wallet.repository';
export * from './house.service';
export * from './house-bot.service';
export * from './commissary.service';
