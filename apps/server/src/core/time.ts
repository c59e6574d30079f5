/** Unix time in seconds, the contract's unit for every timestamp. */
export const now = () => Math.floor(Date.now() / 1000);
