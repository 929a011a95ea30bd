import type { RouteObject } from "react-router";

/** /home/vouchers: gift-voucher batches, and the vouchers of one batch; each page is its own chunk. */
export const voucherRoutes: RouteObject[] = [
  { path: "vouchers", lazy: () => import("./batches-page").then((m) => ({ Component: m.VoucherBatchesPage })) },
  { path: "vouchers/:batchId", lazy: () => import("./vouchers-page").then((m) => ({ Component: m.VouchersPage })) },
];
