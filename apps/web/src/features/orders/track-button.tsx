import { Button } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

// The drawer and its call load when a seller first asks to track a parcel, not with the order detail.
const TrackingDrawer = lazy(() => import("./order-support").then((m) => ({ default: m.TrackingDrawer })));

/** A shipment's "Track" button: a drawer with its tracking events, newest first. */
export function TrackButton({ orderId, shipment }: { orderId: string; shipment: { id: string; trackingNo: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" onClick={() => setOpen(true)} aria-label={t("fulfil.tracking.openOf", { trackingNo: shipment.trackingNo })}>
        {t("fulfil.tracking.open")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <TrackingDrawer orderId={orderId} shipmentId={shipment.id} trackingNo={shipment.trackingNo} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
