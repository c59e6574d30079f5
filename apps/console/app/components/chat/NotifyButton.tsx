import { useState } from "react";
import { Button, Tooltip } from "antd";
import { BellOutlined } from "@ant-design/icons";
import { askNotificationPermission, notificationPermission, playChime, type NotifyPermission } from "./notify.ts";

const LABEL: Record<NotifyPermission, string> = {
  default: "开启消息提醒",
  granted: "消息提醒已开启",
  denied: "消息提醒已被浏览器禁止",
  unsupported: "浏览器不支持消息提醒",
};

/** Asks for the browser's notification permission (it must come from a click); the chime plays as a sample. */
export function NotifyButton() {
  const [permission, setPermission] = useState<NotifyPermission>(notificationPermission);
  return (
    <Tooltip title={permission === "denied" ? "请在浏览器的网站设置中允许通知" : "有新消息时弹出通知并播放提示音"}>
      <Button
        icon={<BellOutlined />}
        disabled={permission !== "default"}
        onClick={async () => {
          playChime();
          setPermission(await askNotificationPermission());
        }}
      >
        {LABEL[permission]}
      </Button>
    </Tooltip>
  );
}
