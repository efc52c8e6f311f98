export * from './config/app-config';
export * from './config/config.module';
export * from './prisma/prisma.service';
export * from './redis/redis.module';
export * from './queue/queues';
export * from './errors/app-error';
export * from './logging/logger';
export * from './prisma/prisma.module';
