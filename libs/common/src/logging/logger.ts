import { Params } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';

/** Structured JSON logs; secrets never reach them. */
export function loggerParams(config: AppConfig, name: string): Params {
  return {
    pinoHttp: {
      name,
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'],
      autoLogging: { ignore: (req) => req.url === '/health' },
    },
  };
}
