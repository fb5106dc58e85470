export { runService, type RunServiceOptions, type RunningService } from './run-service.js';
export { Resources, startUp, type Started } from './start-up.js';
export { startWorkLoop, type WorkLoop, type WorkLoopOptions } from './work-loop.js';
