import { MutedOutlined, SoundOutlined } from "@ant-design/icons";
import { Button, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { playChime, setOrderSoundMuted, useOrderSoundMuted } from "@/platform/order-live";

/** Turns the chime of new orders, vouchers and reminders on or off (kept in this browser). */
export function OrderSoundToggle() {
  const { t } = useTranslation();
  const muted = useOrderSoundMuted();
  return (
    <Tooltip title={muted ? t("orders.live.soundOff") : t("orders.live.soundOn")}>
      <Button
        icon={muted ? <MutedOutlined /> : <SoundOutlined />}
        aria-pressed={!muted}
        onClick={() => {
          setOrderSoundMuted(!muted);
          // Turning it on plays it once: the browser allows sound after this click, and the user hears what it is.
          if (muted) playChime();
        }}
      >
        {t("orders.live.sound")}
      </Button>
    </Tooltip>
  );
}
