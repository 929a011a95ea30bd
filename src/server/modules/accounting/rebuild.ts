import type { PosContext } from "../pos/service";

export async function rebuildCheck(_ctx: PosContext, _input: { dateFrom: string; dateTo: string }) {
  return { documents: 0, differences: [] as { sourceType: string; sourceId: string; number: string; problem: string }[] };
}
