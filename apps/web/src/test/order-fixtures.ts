import type { OutputOf } from "@sbo/contract/define";
import type { orders } from "@sbo/contract/orders";

export type OrderDetail = OutputOf<typeof orders.selSellerOrderDetailById>;
export type OrderLine = OrderDetail["lines"][number];

/** A line of 2 × West Lake tea at ¥25.00, nothing shipped. */
export const orderLine = (over: Partial<OrderLine> = {}): OrderLine => ({
  id: "l1",
  goodsId: "g1",
  skuId: "s1",
  goodsName: "West Lake tea",
  specValues: [],
  image: null,
  imageUrl: null,
  unitPrice: 2500,
  priceSource: "price",
  quantity: 2,
  amount: 5000,
  revisedAmount: null,
  shippedQuantity: 0,
  ...over,
});

/**
 * An order as the seller's detail answers it (the contract's shape, so a fixture cannot drift from what the server
 * sends): Li Lei's paid order 20260101120000123456 of ¥50.00 goods and ¥8.00 freight, with no lines unless given.
 */
export const orderDetail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  id: "o1",
  orderNo: "20260101120000123456",
  boId: "b1",
  shopName: "Green Valley",
  status: "paid",
  buyerName: "Li Lei",
  buyerPhone: "13900000001",
  goodsAmount: 5000,
  freightAmount: 800,
  discountAmount: 0,
  reviseAmount: 0,
  payAmount: 5800,
  payMethod: "online",
  lineCount: 1,
  pieces: 2,
  firstLine: { goodsName: "West Lake tea", image: null, imageUrl: null, specValues: [] },
  sellerRemark: "",
  flagColor: null,
  createdAt: "2026-01-01T04:00:00.000Z",
  paidAt: "2026-01-01T04:10:00.000Z",
  address: { name: "Li Lei", phone: "13900000001", areaCode: "330106", areaName: "Zhejiang Hangzhou Xihu", detail: "1 West Lake Rd" },
  buyerRemark: "",
  cancelReason: null,
  cancelledBy: null,
  shippedAt: null,
  receivedAt: null,
  completedAt: null,
  cancelledAt: null,
  remindCount: 0,
  remindedAt: null,
  lines: [],
  timeline: [],
  shipments: [],
  payments: [],
  ...over,
});
