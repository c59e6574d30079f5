/** Tables of the settings back office (site, register, order, points, payment keys, SMS) (migration 0034). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the tables are added
export interface SettingsAdminTables {}
