/** Tables of the content back office (ads, home page floors, navigation, articles, notices, help) (migration 0033). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the tables are added
export interface ContentAdminTables {}
