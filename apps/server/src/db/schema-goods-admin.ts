/** Tables of the goods editor (modules/goods admin: specs and SKUs, recycle bin, timed shelf, album, import) (migration 0031). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the tables are added
export interface GoodsAdminTables {}
