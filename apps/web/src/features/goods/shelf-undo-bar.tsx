import * as contract from "@sbo/contract/goods";
import { Alert, App, Button } from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { goodsKeys, useLastShelfBatch } from "./goods.api";

/**
 * The latest batch on/off shelf, undoable for 10 minutes (also after a reload: the server remembers it):
 * Undo moves back only the items still as that batch left them.
 */
export function ShelfUndoBar() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canShelf = useHolds("goods.manage.shelf");
  const last = useLastShelfBatch();
  const write = useWrite(goodsKeys.all);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const until = last.data ? Date.parse(last.data.undoUntil) : 0;
  // Re-render when the window closes, so the bar goes away by itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` re-arms the timer after each tick
  useEffect(() => {
    if (!until || until <= Date.now()) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(until - Date.now() + 50, 60_000));
    return () => window.clearTimeout(timer);
  }, [until, now]);

  const batch = last.data;
  if (!batch || until <= now) return null;

  const undo = async () => {
    setBusy(true);
    try {
      const result = await call(contract.goods.undoBatchUpdateStatus, { batchId: batch.batchId });
      await write.done();
      void message.success(
        result.skipped.length
          ? t("goods.undo.doneSkipped", { count: result.restored.length, skipped: result.skipped.length })
          : t("goods.undo.done", { count: result.restored.length }),
      );
    } catch {
      // call() showed the refusal (expired, already undone, a newer change).
      await write.done();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      className="goods-undo-bar"
      type="info"
      showIcon
      role="status"
      title={t(`goods.undo.last.${batch.direction}`, {
        count: batch.count,
        name: batch.byName,
        at: dayjs(batch.at).format("HH:mm"),
      })}
      description={t("goods.undo.until", { time: dayjs(batch.undoUntil).format("HH:mm") })}
      action={
        canShelf ? (
          <Button size="small" onClick={() => void undo()} loading={busy}>
            {t("goods.undo.button")}
          </Button>
        ) : null
      }
    />
  );
}
