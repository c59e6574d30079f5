/** Tables of the catalogue's taxonomy and delivery set-up (categories, brands, services, labels, stores, express and freight templates) (migration 0032). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the tables are added
export interface CatalogAdminTables {}
