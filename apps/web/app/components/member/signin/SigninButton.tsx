import { useState } from "react";
import { useRevalidator } from "react-router";
import { App, Button } from "antd";
import { useMemberCall } from "../../../lib/api-errors.ts";
import { rewardText } from "./signin-view.ts";

/** Today's 签到 button: once a day; after signing it says so, and the page reloads its figures. */
export function SigninButton({ signed, enabled }: { signed: boolean; enabled: boolean }) {
  const call = useMemberCall();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  const signIn = async () => {
    setBusy(true);
    try {
      const record = await call("/api/membersignin/signin");
      if (!record) return;
      void message.success(`签到成功，获得${rewardText(record)}`);
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  if (!enabled) {
    return (
      <Button className="signin-button" size="large" shape="round" disabled>
        签到未开启
      </Button>
    );
  }
  return (
    <Button className="signin-button" type="primary" size="large" shape="round" disabled={signed} loading={busy} onClick={() => void signIn()}>
      {signed ? "今日已签到" : "立即签到"}
    </Button>
  );
}
