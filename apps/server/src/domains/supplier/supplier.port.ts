import { type SQL, sql } from "drizzle-orm";
import { shopSupplier } from "./supplier.tables";

/* What the supplier domain offers the domains above it, so none names its tables. */

// ---- for adverts (goods & marketing helper) ----

/** A subquery of the organisations whose shops `boId` may sell or link to: authorised suppliers that accepted, enabled. */
export const authorisedSupplierBoIds = (boId: string): SQL =>
  sql`(select ${shopSupplier.supplierBoId} from ${shopSupplier}
      where ${shopSupplier.boId} = ${boId} and ${shopSupplier.kind} = 'authorised' and ${shopSupplier.consent} = 'accepted'
        and ${shopSupplier.status} = 'enabled')`;
