import type { Db } from "../../db/unit-of-work.ts";
import { getConfig } from "../../core/config-store.ts";
import { BUYING_CONFIG_DEFAULTS } from "../../core/buying-config.ts";
import type { ConfigValues } from "../../core/config-keys.ts";

export type ExpressConfig = ConfigValues["express_config"];
export type { LocalDeliveryConfig, PointConfig, InvoiceConfig, OrderConfig } from "../../core/config-keys.ts";

/** The shop settings checkout reads, each falling back to its default. */
export async function loadCheckoutConfig(db: Db) {
  const [order, point, local, invoice, express] = await Promise.all([
    getConfig(db, "order_config", BUYING_CONFIG_DEFAULTS.order_config),
    getConfig(db, "point_config", BUYING_CONFIG_DEFAULTS.point_config),
    getConfig(db, "local_delivery", BUYING_CONFIG_DEFAULTS.local_delivery),
    getConfig(db, "invoice_config", BUYING_CONFIG_DEFAULTS.invoice_config),
    getConfig(db, "express_config", BUYING_CONFIG_DEFAULTS.express_config),
  ]);
  return { order, point, local, invoice, express };
}

export type CheckoutConfig = Awaited<ReturnType<typeof loadCheckoutConfig>>;
