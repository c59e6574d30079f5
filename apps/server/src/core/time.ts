/** Unix time in seconds, the contract's unit for every timestamp. */
export const now = () => Math.floor(Date.now() / 1000);

/** Seconds in a day: the unit of every "N days" setting (timers, after-sale windows, validity). */
export const DAY_SECONDS = 86_400;

/** `count` days (fractions allowed, as settings may hold them) in whole seconds. */
export const days = (count: number): number => Math.round(count * DAY_SECONDS);
