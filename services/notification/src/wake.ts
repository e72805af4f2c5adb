import { EventEmitter } from 'node:events';

// Consumers are static definitions without the service context, so a consumer that queued a
// delivery wakes the sender loops of this process; each then looks at its own schema. A wake is
// only a hint: the loop also polls on its interval.
const bus = new EventEmitter();
bus.setMaxListeners(0);

/** Ask every sender loop in this process to look for due deliveries now. */
export const wakeSender = (): void => {
  bus.emit('wake');
};

/** Subscribe a sender loop to wakes; returns the unsubscribe function. */
export const onWake = (fn: () => void): (() => void) => {
  bus.on('wake', fn);
  return () => bus.off('wake', fn);
};
