/** Unix time in seconds, the contract's unit for every timestamp. */
export const now = () => Math.floor(Date.now() / 1000);

/** The shop's clock is Beijing time (UTC+8, no daylight saving): days, dates and times it shows or keys by. */
export const SHOP_UTC_OFFSET_SECONDS = 8 * 3600;

/** Unix `seconds` as an ISO string of the shop's clock ("2026-11-26T23:10:05.000Z" read as Beijing time): slice the parts needed. */
export const shopIsoString = (seconds: number): string => new Date((seconds + SHOP_UTC_OFFSET_SECONDS) * 1000).toISOString();

/** Seconds in a day: the unit of every "N days" setting (timers, after-sale windows, validity). */
export const DAY_SECONDS = 86_400;

/** `count` days (fractions allowed, as settings may hold them) in whole seconds. */
export const days = (count: number): number => Math.round(count * DAY_SECONDS);
