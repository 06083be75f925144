import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { createSellerAccount } from "../domains/identity/identity.port";
import { openShopRow } from "../domains/shop/shop.port";
import { weakReasons, weakText } from "../platform/auth/passwords";
import { openDatabase } from "../platform/db/client";
import { applyRelease } from "../release";

const usage = `Create a seller account: its owner, organisation and shop.

  npm run seller:create -- --login NAME --password PASS --name "Owner name" --org "Company" \\
      [--phone 13800000000] [--shop "Shop name"] [--brand "Brand"] [--no-shop]

Uses DATABASE_URL when set, otherwise the embedded database under DATA_DIR.`;

async function main() {
  const { values } = parseArgs({
    options: {
      login: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      phone: { type: "string" },
      org: { type: "string" },
      shop: { type: "string" },
      brand: { type: "string" },
      "no-shop": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return console.log(usage);
  const missing = (["login", "password", "name", "org"] as const).filter((k) => !values[k]);
  if (missing.length) throw new Error(`missing --${missing.join(", --")}\n\n${usage}`);
  if (values.phone && !/^1\d{10}$/.test(values.phone)) throw new Error("--phone must be an 11-digit mobile number starting with 1");
  const weak = weakReasons(values.password as string, values.login);
  if (weak.length) throw new Error(`--password ${weakText(weak)}`);

  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    owner: "npm run seller:create",
    pool: config.databasePool,
  });
  try {
    await applyRelease(database);
    const shopName = values.shop ?? values.org;
    const created = await createSellerAccount(
      database.db,
      {
        loginName: values.login as string,
        password: values.password as string,
        name: values.name as string,
        phone: values.phone ?? null,
        orgName: values.org as string,
        ...(values["no-shop"] ? {} : { shop: { name: shopName as string, brand: values.brand ?? (shopName as string) } }),
      },
      openShopRow,
    );
    console.log(
      `Created seller ${values.login}: organisation ${created.boId}${created.shopId ? `, shop ${created.shopId}` : " (no shop yet: they will be asked to open one)"}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
