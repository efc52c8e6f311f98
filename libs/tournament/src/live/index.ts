export * from './live-emitter';
export * from './live-emitter.module';
