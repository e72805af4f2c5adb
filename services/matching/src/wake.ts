import { EventEmitter } from 'node:events';

// Consumers are static definitions without the service context, so a consumer that stored a lead
// to match wakes the matcher loops of this process; each loop then scans its own schema. A wake
// is only a hint: the loop also runs on its interval.
const bus = new EventEmitter();
bus.setMaxListeners(0);

/** Ask every matcher loop in this process to look for pending leads now. */
export const wakeMatcher = (): void => {
  bus.emit('wake');
};

/** Subscribe a matcher loop to wakes; returns the unsubscribe function. */
export const onWake = (fn: () => void): (() => void) => {
  bus.on('wake', fn);
  return () => bus.off('wake', fn);
};
