export { ConfigError, loadConfig } from './load-config.js';
export { bool, duration, durationList, int, list, oneOf, optional, parseDuration, str, type Setting } from './settings.js';
export { defaultDatabaseUrl, hasDatabasePassword, platformSettings, vrpEnvSetting, type VrpEnv } from './platform.js';
