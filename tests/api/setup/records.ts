/** Demo records the API tests write: valid against the seeded dictionaries, unique by the caller's number. */

/** a 生产工单 of the seeded product prod-15 */
export const workOrder = (orderNo: string, extra: Record<string, unknown> = {}) => ({
  orderNo,
  productId: 'prod-15',
  planQty: 50,
  planStart: '2026-01-05',
  planFinish: '2026-02-10',
  status: '2',
  ...extra,
});
