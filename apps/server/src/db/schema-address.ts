/** Tables of the address work (migration 000x-address), merged into DB in schema.ts. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AddressTables {}
