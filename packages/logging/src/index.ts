export { currentRequestContext, withRequestContext, type RequestContext } from './context.js';
export { createLogger, type LogFields, type LogLevel, type Logger } from './logger.js';
