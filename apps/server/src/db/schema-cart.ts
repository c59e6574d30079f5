/** Tables of the cart work (migration 000x-cart), merged into DB in schema.ts. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CartTables {}
