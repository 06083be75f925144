import { textLengthOf } from "../domains/content/content.service";
import { shopContent } from "../domains/content/content.tables";
import type { Executor } from "../platform/db/client";

interface Seller {
  boId: string;
  shopId?: string | null;
}

const PAGES = [
  {
    code: "about",
    title: "About our shop",
    content:
      "<h2>Who we are</h2><p>A family business selling <strong>fresh produce</strong> straight from the farms and boats we know.</p><ul><li>Picked or caught the day before</li><li>Packed cold, delivered the next morning</li></ul>",
  },
  {
    code: "delivery",
    title: "Delivery and returns",
    content:
      "<h3>Delivery</h3><p>Orders placed before 20:00 are delivered the next day within the city.</p><h3>Returns</h3><p>Anything not fresh on arrival is refunded in full: send a photo within 24 hours.</p>",
  },
];

/** Per demo seller: two published custom content pages. */
export async function seedContentDemo(db: Executor, sellers: Seller[]) {
  await db
    .insert(shopContent)
    .values(
      sellers.flatMap((s) =>
        PAGES.map((p) => ({ boId: s.boId, shopId: s.shopId ?? "", ...p, textLength: textLengthOf(p.content), published: true })),
      ),
    );
}
