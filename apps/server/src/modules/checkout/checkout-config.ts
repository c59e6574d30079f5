import type { Db } from "../../db/unit-of-work.ts";
import { getConfigs } from "../../core/config-store.ts";
import { BUYING_CONFIG_DEFAULTS } from "../../core/buying-config.ts";
import type { ConfigValues } from "../../core/config-keys.ts";

export type ExpressConfig = ConfigValues["express_config"];
export type { LocalDeliveryConfig, PointConfig, InvoiceConfig, OrderConfig } from "../../core/config-keys.ts";

/** The shop settings checkout reads (one read), each falling back to its default. */
export async function loadCheckoutConfig(db: Db) {
  const { order_config, point_config, local_delivery, invoice_config, express_config } = await getConfigs(db, {
    order_config: BUYING_CONFIG_DEFAULTS.order_config,
    point_config: BUYING_CONFIG_DEFAULTS.point_config,
    local_delivery: BUYING_CONFIG_DEFAULTS.local_delivery,
    invoice_config: BUYING_CONFIG_DEFAULTS.invoice_config,
    express_config: BUYING_CONFIG_DEFAULTS.express_config,
  });
  return { order: order_config, point: point_config, local: local_delivery, invoice: invoice_config, express: express_config };
}

export type CheckoutConfig = Awaited<ReturnType<typeof loadCheckoutConfig>>;
